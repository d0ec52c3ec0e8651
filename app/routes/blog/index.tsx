import { BlogFilterForm } from "~/components/blog/blog-filters";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { PostList } from "~/components/blog/post-list";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("blog.title"),
    description: t("meta.blogDescription"),
    path: "/blog",
  });
};

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { filters, posts, categories, tags, loadError } = loaderData;
  const t = useT();
  return (
    <>
      <PageHeading title={t("blog.title")} subtitle={t("blog.intro")} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <BlogFilterForm filters={filters} categories={categories} tags={tags} />
          <PostList posts={posts} loadError={loadError} />
        </div>
        <aside aria-label={t("newsletter.title")} className="lg:pt-0">
          <NewsletterBox />
        </aside>
      </div>
    </>
  );
}
