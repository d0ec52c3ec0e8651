import { data } from "react-router";
import { collectValues, filterPosts, parseBlogFilters } from "~/domain/posts/blog-filters";
import { listPublishedPosts, postsIn } from "~/domain/posts/queries.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import type { Route } from "./+types/index";

/** Published posts, newest first, filtered by the URL (?q, ?category, ?tag…). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const filters = parseBlogFilters(url.searchParams);
  const { locale, t, i18n } = pageI18n(url, [
    "blog",
    "newsletter",
    "common.inEnglish",
    "meta.blogDescription",
  ]);
  try {
    const all = postsIn(await listPublishedPosts(getSupabase(context)), locale);
    return data(
      {
        filters,
        posts: filterPosts(all, filters),
        categories: collectValues(all, "categories"),
        tags: collectValues(all, "tags"),
        loadError: undefined as string | undefined,
        i18n,
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    console.error("blog: posts failed", error);
    return data(
      { filters, posts: [], categories: [], tags: [], loadError: t("blog.unavailable"), i18n },
      { status: 503, headers: publicCacheHeaders(request, false) },
    );
  }
}
