import { data } from "react-router";
import { parseBlogFilters, parseBlogPage } from "~/domain/posts/blog-filters";
import { blogListing } from "~/domain/posts/blog-reads.server";
import { byLabel, termLabels } from "~/domain/posts/taxonomy";
import { withLabels } from "~/domain/posts/taxonomy.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { pageParams } from "~/lib/page-query";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/index";

/**
 * Published posts, newest first, filtered and paginated in the database by the URL
 * (?q, ?category, ?tag…, ?page: read as its cache key has them, app/lib/page-query.ts), with
 * the filter choices. Categories and tags are keys, shown with their labels in the page's
 * language; an old link's label (`?category=Web Development`) is read as its key.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const query = pageParams(url);
  const asked = parseBlogFilters(query);
  const page = parseBlogPage(query);
  const { locale, t, i18n } = pageI18n(url, [
    "blog",
    "newsletter",
    "common.inEnglish",
    "meta.blogDescription",
  ]);
  try {
    const { filters, found, facets, taxonomy } = await blogListing(
      () => getSupabase(context),
      asked,
      page,
      locale,
    );
    const labels = termLabels(taxonomy, locale);
    const posts = found.posts.map((post) => withLabels(post, labels));
    return data(
      {
        filters,
        ...found,
        posts,
        categories: byLabel(facets.categories.map(labels.category), locale),
        tags: byLabel(facets.tags.map(labels.tag), locale),
        loadError: undefined as string | undefined,
        i18n,
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    console.error("blog: posts failed", error);
    return data(
      {
        filters: asked,
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
