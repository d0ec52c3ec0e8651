import { BlogFilterForm } from "~/components/blog/blog-filters";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { Pagination } from "~/components/blog/pagination";
import { PostList } from "~/components/blog/post-list";
import { PageHeading } from "~/components/page-heading";
import { filtersToSearch } from "~/domain/posts/blog-filters";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1;
  const pageCount = loaderData?.pageCount ?? 1;
  const filters = loaderData?.filters ?? { q: "", category: "", tags: [] };
  const tags = pageMeta(matches, {
    title: page > 1 ? `Blog (page ${page})` : "Blog",
    description:
      "Articles on websites, mobile apps, M-Pesa payments, hosting, bulk SMS, marketing and AI for African businesses.",
    path: `/blog${page > 1 ? `?page=${page}` : ""}`,
  });
  // Crawlers follow the pages in order (rel=prev/next), filters included.
  if (page > 1)
    tags.push({ tagName: "link", rel: "prev", href: `/blog${filtersToSearch(filters, page - 1)}` });
  if (page < pageCount) {
    tags.push({ tagName: "link", rel: "next", href: `/blog${filtersToSearch(filters, page + 1)}` });
  }
  return tags;
};

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { filters, posts, categories, tags, loadError, page, pageCount, total } = loaderData;
  return (
    <>
      <PageHeading
        title="Blog"
        subtitle="Insights, guides and news on building and growing a business online."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <BlogFilterForm filters={filters} categories={categories} tags={tags} />
          <PostList posts={posts} loadError={loadError} />
          <Pagination filters={filters} page={page} pageCount={pageCount} total={total} />
        </div>
        <aside aria-label="Newsletter" className="lg:pt-0">
          <NewsletterBox />
        </aside>
      </div>
    </>
  );
}
