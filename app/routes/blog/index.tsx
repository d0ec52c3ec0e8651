import { BlogFilterForm } from "~/components/blog/blog-filters";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { PostList } from "~/components/blog/post-list";
import { PageHeading } from "~/components/page-heading";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog",
    description:
      "Articles on websites, mobile apps, M-Pesa payments, hosting, bulk SMS, marketing and AI for African businesses.",
    path: "/blog",
  });

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { filters, posts, categories, tags, loadError } = loaderData;
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
        </div>
        <aside aria-label="Newsletter" className="lg:pt-0">
          <NewsletterBox />
        </aside>
      </div>
    </>
  );
}
