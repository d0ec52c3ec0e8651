import { data } from "react-router";
import { authorBio } from "~/content/team";
import { altTextOf } from "~/domain/media/library.server";
import { mediaHashOf } from "~/domain/media/urls";
import {
  getPublishedPost,
  listPublishedPosts,
  POSTS_UNAVAILABLE,
  PostsUnavailableError,
  parsePostId,
  pickRelatedPosts,
} from "~/domain/posts/queries.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import { getSiteConfig } from "~/infra/site-config.server";
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
    const coverAlt = await altTextOf(supabase, mediaHashOf(post.coverImage));
    return data(
      {
        post,
        coverAlt,
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
