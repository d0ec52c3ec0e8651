import { PostArticle } from "~/components/blog/post-article";
import { publicPageHeaders } from "~/infra/http-policy";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogPostingJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/post";

export { loader } from "./post.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const post = loaderData?.post;
  if (!post) return errorMeta(matches, error);
  return pageMeta(matches, {
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.id}`,
    image: post.coverImage ?? undefined,
    type: "article",
    jsonLd: blogPostingJsonLd(siteFromMatches(matches), post),
  });
};

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return <PostArticle {...loaderData} />;
}
