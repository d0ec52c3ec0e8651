import { data } from "react-router";
import { authorBioIn } from "~/content/localized.server";
import {
  getPublishedPost,
  listPublishedPosts,
  PostsUnavailableError,
  parsePostId,
  pickRelatedPosts,
} from "~/domain/posts/queries.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import { getSiteConfig } from "~/infra/site-config.server";
import type { Route } from "./+types/post";

/** A published post by numeric id; unknown or non-numeric ids are a real 404. */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const { locale, t, i18n } = pageI18n(url, ["blog"]);
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
        authorBio: authorBioIn(locale, post.author),
        url: `${getSiteConfig().siteUrl}${t.path(`/blog/${post.id}`)}`,
        i18n,
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    if (!(error instanceof PostsUnavailableError)) throw error;
    console.error("blog post: load failed", error);
    throw data({ message: t("blog.unavailable") }, { status: 503 });
  }
}
