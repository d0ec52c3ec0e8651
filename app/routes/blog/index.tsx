import { useNavigation } from "react-router";
import { BlogFilterForm } from "~/components/blog/blog-filters";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { Pagination } from "~/components/blog/pagination";
import { PostList } from "~/components/blog/post-list";
import { PageHeading } from "~/components/page-heading";
import { filtersToSearch } from "~/domain/posts/blog-filters";
import { translatorFrom, useT } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  const page = loaderData?.page ?? 1;
  const pageCount = loaderData?.pageCount ?? 1;
  const filters = loaderData?.filters ?? { q: "", category: "", tags: [] };
  const tags = pageMeta(matches, {
    title: page > 1 ? t("blog.titlePage", { page }) : t("blog.title"),
    description: t("meta.blogDescription"),
    path: `/blog${page > 1 ? `?page=${page}` : ""}`,
  });
  // Crawlers follow the pages in order (rel=prev/next), filters included.
  const pageHref = (n: number) => t.path(`/blog${filtersToSearch(filters, n)}`);
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: pageHref(page - 1) });
  if (page < pageCount) tags.push({ tagName: "link", rel: "next", href: pageHref(page + 1) });
  return tags;
};

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { filters, posts, categories, tags, loadError, page, pageCount, total } = loaderData;
  const t = useT();
  // A filter or page of this blog is on its way: the list says so until it arrives.
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.location?.pathname === t.path("/blog");
  return (
    <>
      <PageHeading title={t("blog.title")} subtitle={t("blog.intro")} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div className="blog-results-area space-y-8 lg:col-span-2">
          <BlogFilterForm filters={filters} categories={categories} tags={tags} pending={pending} />
          <div
            aria-busy={pending || undefined}
            className={`blog-results space-y-8 transition-opacity ${pending ? "opacity-50" : ""}`}
          >
            <PostList posts={posts} loadError={loadError} />
            <Pagination filters={filters} page={page} pageCount={pageCount} total={total} />
          </div>
        </div>
        <aside aria-label={t("newsletter.title")} className="lg:pt-0">
          <NewsletterBox />
        </aside>
      </div>
    </>
  );
}
