/**
 * The pages the anonymous page cache may keep and the query parameters each one reads, declared
 * once for every language, and the one function that reads a URL against that declaration.
 * The cache key (`pageCacheKey` in app/infra/page-cache-key.ts), the loaders (`pageParams`) and the
 * language switcher all read parameters through `pageQuery`, so no page can depend on a
 * parameter its cache key ignores. Dependency-free apart from the locale module, by a relative
 * path: the Node server imports it through app/infra/page-cache-key.ts.
 */
import { LOCALES, type Locale } from "../i18n/locale.ts";
import type { SiteEntity } from "../infra/content-events.ts";
import { clipCodePoints } from "./text.ts";

/** How the values of one query parameter are normalised. */
type ParamKind =
  /** Free text: the first value, trimmed, at most 100 characters; dropped when empty. */
  | "text"
  /** Free text that makes the page a search result (kept in the page cache's search cache). */
  | "search"
  /** Several free-text values (tag chips): each trimmed, deduplicated, sorted, at most 20. */
  | "list"
  /** A 1-based number (a page, a slide): 1 to 999 999 in plain digits; 1, the default, dropped. */
  | "number";

interface CacheablePage {
  /** The page's route id in app/routes.ts; Kiswahili and French put `sw:` / `fr:` before it. */
  route: string;
  /** Every query parameter its loader reads. */
  params: Readonly<Record<string, ParamKind>>;
  /** Only at its English path (no `/sw/…` twin). */
  englishOnly?: true;
}

/**
 * Every page whose answer may be shared between visitors, by its path without a language prefix
 * (`:name` is one path segment). A page left out of this list is never stored by the page cache.
 */
export const CACHEABLE_PAGES = {
  "/": { route: "routes/home", params: { slide: "number" } },
  "/services": { route: "routes/services/index", params: {} },
  "/services/:serviceId": { route: "routes/services/detail", params: {} },
  "/blog": {
    route: "routes/blog/index",
    params: { q: "search", category: "text", tag: "list", page: "number" },
  },
  "/blog/rss.xml": { route: "routes/blog/rss", params: {} },
  "/blog/:postId": { route: "routes/blog/post", params: {} },
  "/contact": { route: "routes/contact", params: { topic: "text", service: "text" } },
  "/terms": { route: "terms", params: {} },
  "/privacy": { route: "privacy", params: {} },
  "/sitemap.xml": { route: "routes/seo/sitemap", params: {}, englishOnly: true },
  "/robots.txt": { route: "routes/seo/robots", params: {}, englishOnly: true },
} as const satisfies Record<string, CacheablePage>;

export type CacheablePath = keyof typeof CACHEABLE_PAGES;

/**
 * The cacheable pages that show each part of the site's content, in every language: a change
 * to it drops exactly these from the page cache (server/page-cache.ts). The settings (brand,
 * contact details, footer) and the services (footer links) are on every page; the chat options
 * are the home page's widget and the contact page's `?topic=` message; the team's bios are
 * post authors' too; the sitemap lists the published legal documents; the blog's categories and
 * tags label the posts wherever they are listed (the home page's latest articles, the blog, a
 * post and its related posts, the feeds).
 */
export const PAGES_SHOWING = {
  site_settings: "every page",
  services: "every page",
  chat_options: ["/", "/contact"],
  testimonials: ["/"],
  site_figures: ["/"],
  portfolio_categories: ["/"],
  portfolio_projects: ["/"],
  team_members: ["/", "/blog/:postId"],
  legal_documents: ["/terms", "/privacy", "/sitemap.xml"],
  blog_categories: ["/", "/blog", "/blog/:postId", "/blog/rss.xml"],
  blog_tags: ["/", "/blog", "/blog/:postId", "/blog/rss.xml"],
} as const satisfies Record<SiteEntity, "every page" | readonly CacheablePath[]>;

/**
 * The pages a content change makes stale: a part of the site's content drops its own pages;
 * posts and media (shown in lists, previews and bodies alike), or anything not understood, drop
 * every page.
 */
export function pagesShowing(change: {
  kind: string;
  entity?: unknown;
}): "every page" | ReadonlySet<CacheablePath> {
  if (change.kind !== "site" || !isSiteEntity(change.entity)) return "every page";
  const pages = PAGES_SHOWING[change.entity];
  return pages === "every page" ? pages : new Set<CacheablePath>(pages);
}

/** Whether `entity` names a part of the site's content (a message from elsewhere is checked). */
export function isSiteEntity(entity: unknown): entity is SiteEntity {
  return typeof entity === "string" && Object.hasOwn(PAGES_SHOWING, entity);
}

const PAGES = Object.entries(CACHEABLE_PAGES) as [CacheablePath, CacheablePage][];
const MAX_TEXT = 100;
const MAX_LIST = 20;
/** React Router's data requests name the routes whose loaders they want: `?_routes=a,b`. */
const ROUTES_PARAM = "_routes";
/** A page path as the site writes it: lower case, no escapes, no empty segment. */
const CANONICAL_PATH = /^(?:\/[a-z0-9._-]+)+$/;
/** An id in a path as the site writes it (`web-design`, `42`). */
const CANONICAL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The route id of a page in a language (as app/routes.ts names it). */
export function routeIdOf(page: CacheablePath, locale: Locale): string {
  const { route } = CACHEABLE_PAGES[page];
  return locale === "en" ? route : `${locale}:${route}`;
}

export interface PageQuery {
  /** The declared page (`/blog/:postId`), whatever the language. */
  page: CacheablePath;
  locale: Locale;
  /** React Router's data request for the page (`/blog.data`, `/sw/_.data`). */
  data: boolean;
  /** The page's own parameters, normalised, in declared order; nothing else. */
  params: URLSearchParams;
  /** `params` holds a free-text search. */
  search: boolean;
  /**
   * The URL this answer is for: the path as requested, then `params`, then a data request's
   * routes. Undefined when the path is spelled in a way the site never writes (`/BLOG`,
   * `/blog/`, `/%62log`) or a data request names none of the page's routes: such an answer is
   * rendered but never shared.
   */
  canonical?: string;
}

/**
 * A data URL's page path, as React Router's client writes it: `/blog.data` → `/blog`,
 * `/sw/_.data` → `/sw/`, `/_.data` → `/`. `written` is false for spellings it never writes
 * (`/sw/.data`, which the server still reads as `/sw/`).
 */
function splitData(pathname: string): { path: string; data: boolean; written: boolean } {
  if (pathname.endsWith("/_.data"))
    return { path: pathname.slice(0, -6), data: true, written: true };
  if (!pathname.endsWith(".data")) return { path: pathname, data: false, written: true };
  const path = pathname.slice(0, -5);
  return { path, data: true, written: !path.endsWith("/") };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The declared page and language of path segments (`["sw", "blog", "12"]`), if any, with the
 * values of its `:name` segments.
 */
function matchPage(
  segments: string[],
): { page: CacheablePath; locale: Locale; ids: string[] } | undefined {
  const first = segments[0];
  const locale = LOCALES.find((l) => l !== "en" && l === first) ?? "en";
  const rest = locale === "en" ? segments : segments.slice(1);
  const fits = ([pattern]: [string, CacheablePage]) => {
    const parts = pattern.split("/").filter(Boolean);
    return (
      parts.length === rest.length &&
      parts.every((part, i) => part.startsWith(":") || part === rest[i])
    );
  };
  // Fixed paths first: `/blog/rss.xml` is not the post `:postId` = "rss.xml".
  const found =
    PAGES.find((entry) => !entry[0].includes(":") && fits(entry)) ??
    PAGES.find((entry) => entry[0].includes(":") && fits(entry));
  if (!found || (locale !== "en" && found[1].englishOnly)) return undefined;
  const ids = found[0]
    .split("/")
    .filter(Boolean)
    .flatMap((part, i) => (part.startsWith(":") ? [rest[i] ?? ""] : []));
  return { page: found[0], locale, ids };
}

/** Whether a page path is spelled as the site writes it (`/sw/` and `/sw` both are). */
function isCanonicalPath(path: string): boolean {
  if (path === "/" || LOCALES.some((l) => l !== "en" && path === `/${l}/`)) return true;
  return CANONICAL_PATH.test(path);
}

function normalise(kind: ParamKind, values: string[]): string[] {
  if (kind === "list") {
    const trimmed = values.map((v) => clipCodePoints(v.trim(), MAX_TEXT)).filter(Boolean);
    return [...new Set(trimmed)].sort().slice(0, MAX_LIST);
  }
  const first = (values[0] ?? "").trim();
  if (kind === "number") return /^[1-9]\d{0,5}$/.test(first) && first !== "1" ? [first] : [];
  const text = clipCodePoints(first, MAX_TEXT);
  return text ? [text] : [];
}

/** The `_routes` of a data request kept to the page's own routes (root, then the page). */
function routesOf(url: URL, page: CacheablePath, locale: Locale): string | null | undefined {
  const asked = url.searchParams.get(ROUTES_PARAM);
  if (asked === null) return null;
  const ids = new Set(asked.split(","));
  const kept = ["root", routeIdOf(page, locale)].filter((id) => ids.has(id));
  // Without the page's own route the answer is not the page (and is never public).
  return kept.includes(routeIdOf(page, locale)) ? kept.join(",") : undefined;
}

/** A request target: a path (`//blog` stays a path, not a host) or an absolute URL. */
function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw.startsWith("/") ? `http://page.invalid${raw}` : raw);
  } catch {
    return undefined;
  }
}

/**
 * The declared page a URL (absolute, or a path with its query) is for, its language and its
 * normalised parameters, or undefined when it is no cacheable page. Paths are matched as React
 * Router matches them (any case, escapes decoded, a trailing slash ignored), so a loader reads
 * the same parameters under any spelling; only a canonical spelling gets a `canonical` URL.
 */
export function pageQuery(rawUrl: URL | string): PageQuery | undefined {
  const url = typeof rawUrl === "string" ? parseUrl(rawUrl) : rawUrl;
  if (!url) return undefined;
  const { path, data, written } = splitData(url.pathname);
  const match = matchPage(path.split("/").filter(Boolean).map(decodeSegment));
  if (!match) return undefined;
  const { page, locale, ids } = match;
  const strict = written && isCanonicalPath(path) && ids.every((id) => CANONICAL_ID.test(id));
  const params = new URLSearchParams();
  let search = false;
  for (const [name, kind] of Object.entries(CACHEABLE_PAGES[page].params) as [
    string,
    ParamKind,
  ][]) {
    const values = normalise(kind, url.searchParams.getAll(name));
    for (const value of values) params.append(name, value);
    if (kind === "search" && values.length) search = true;
  }
  const routes = data ? routesOf(url, page, locale) : null;
  let canonical: string | undefined;
  if (strict && routes !== undefined) {
    const query = new URLSearchParams(params);
    if (routes) query.set(ROUTES_PARAM, routes);
    const text = query.toString();
    canonical = text ? `${url.pathname}?${text}` : url.pathname;
  }
  return { page, locale, data, params, search, canonical };
}

/**
 * The query parameters a page's loader may read: its declared ones, normalised as its cache key
 * has them. Any other parameter is absent here, so no loader can read it.
 */
export function pageParams(url: URL | string): URLSearchParams {
  return pageQuery(url)?.params ?? new URLSearchParams();
}

/**
 * The query string (`?…` or "") that the same page in another language keeps: a cacheable
 * page's own parameters only (the switcher is part of every cached page); any other page's
 * whole query, as it is never shared.
 */
export function portableSearch(pathname: string, search: string): string {
  if (!search) return search;
  const url = `${pathname}${search}`;
  // The header's and the footer's switchers ask for the same page in one render.
  if (lastPortable?.url === url) return lastPortable.search;
  const found = pageQuery(url);
  const kept = found ? found.params.toString() : undefined;
  const portable = kept === undefined ? search : kept ? `?${kept}` : "";
  lastPortable = { url, search: portable };
  return portable;
}

let lastPortable: { url: string; search: string } | undefined;
