import { data } from "react-router";
import { withCovers } from "~/domain/media/details.server";
import { parseBlogFilters, parseBlogPage } from "~/domain/posts/blog-filters";
import { findPublishedPosts, publishedFacets } from "~/domain/posts/blog-query.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { pageParams } from "~/infra/page-query";
import { getSupabase } from "~/infra/session.server";
import type { Route } from "./+types/index";

/**
 * Published posts, newest first, filtered and paginated in the database by the URL
 * (?q, ?category, ?tag…, ?page: read as its cache key has them, app/infra/page-query.ts), with
 * the filter choices.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const query = pageParams(url);
  const filters = parseBlogFilters(query);
  const page = parseBlogPage(query);
  const { locale, t, i18n } = pageI18n(url, [
    "blog",
    "newsletter",
    "common.inEnglish",
    "meta.blogDescription",
  ]);
  const supabase = getSupabase(context);
  try {
    const [found, facets] = await Promise.all([
      findPublishedPosts(supabase, filters, page, locale),
      publishedFacets(supabase, locale),
    ]);
    const posts = await withCovers(supabase, found.posts);
    return data(
      { filters, ...found, posts, ...facets, loadError: undefined as string | undefined, i18n },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    console.error("blog: posts failed", error);
    return data(
      {
        filters,
        posts: [],
        total: 0,
        page,
        pageCount: 1,
        categories: [],
        tags: [],
        loadError: t("blog.unavailable"),
        i18n,
      },
      { status: 503, headers: publicCacheHeaders(request, false) },
    );
  }
}
