import { data } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { authorBio } from "~/content/team";
import { getSupabase } from "~/lib/auth.server";
import { publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import {
  getPublishedPost,
  listPublishedPosts,
  POSTS_UNAVAILABLE,
  PostsUnavailableError,
  parsePostId,
  pickRelatedPosts,
} from "~/lib/posts.server";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { getSiteConfig } from "~/lib/site-config.server";
import { blogPostingJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/post";

/** A published post by numeric id; unknown or non-numeric ids are a real 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const notFound = () => data({ path: `/blog/${params.postId}` }, { status: 404 });
  const id = parsePostId(params.postId);
  if (id === null) throw notFound();
  const supabase = getSupabase(context);
  try {
    const [post, all] = await Promise.all([
      getPublishedPost(supabase, id),
      listPublishedPosts(supabase),
    ]);
    if (!post) throw notFound();
    return data(
      {
        post,
        related: pickRelatedPosts(post, all),
        authorBio: authorBio(post.author),
        url: `${getSiteConfig().siteUrl}/blog/${post.id}`,
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    if (!(error instanceof PostsUnavailableError)) throw error;
    console.error("blog post: load failed", error);
    throw data({ message: POSTS_UNAVAILABLE }, { status: 503 });
  }
}

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
