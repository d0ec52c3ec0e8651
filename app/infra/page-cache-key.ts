/**
 * The anonymous page cache's keys (server/page-cache.ts). `server/` imports this file directly,
 * so it imports only dependency-free modules, by relative paths.
 */
import { pageQuery } from "../lib/page-query.ts";

const MAX_URL_LENGTH = 2048;
const MAX_KEY_LENGTH = 512;

export interface PageCacheKey {
  /** The canonical URL of the answer (`pageQuery`): the page renders this very URL. */
  key: string;
  /** A search result (free text): lives in the small search cache. */
  search: boolean;
}

/**
 * The cache key of an anonymous GET: the canonical URL of a cacheable page (app/lib/page-query.ts)
 * — its path as the site writes it, then only the parameters the page reads, normalised, in
 * declared order — so `/sw/blog?utm=1`, `/sw/blog?x=2&y=3` and `/sw/blog` share one entry,
 * `/sw/blog?q=a` has its own, and junk URLs cannot evict the popular pages. Undefined when the
 * answer must not be shared: no cacheable page, a spelling the site never writes (`/BLOG`,
 * `/blog/`, `/%62log`), or an over-long URL.
 */
export function pageCacheKey(rawUrl: string): PageCacheKey | undefined {
  if (rawUrl.length > MAX_URL_LENGTH) return undefined;
  const found = pageQuery(rawUrl);
  if (!found?.canonical || found.canonical.length > MAX_KEY_LENGTH) return undefined;
  return { key: found.canonical, search: found.search };
}
