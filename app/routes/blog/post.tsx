import { PostArticle } from "~/components/blog/post-article";
import { publicPageHeaders } from "~/infra/cache-policy";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta } from "~/lib/seo";
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
    alternates: loaderData.hreflang,
    image: post.coverImage ?? undefined,
    imageAlt: post.cover?.alt,
    type: "article",
    jsonLd: blogPostingJsonLd(post),
  });
};

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  const { post, authorBio, related, url } = loaderData;
  return <PostArticle post={post} authorBio={authorBio} related={related} url={url} />;
}
