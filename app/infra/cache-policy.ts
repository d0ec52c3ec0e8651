/**
 * The one owner of `Cache-Control`: every response's cache class is decided here, from what the
 * response is (route modules and the server name a kind or ask a helper, never a header value)
 * and whom it answers. test/integration/cache-classes.test.ts holds every route of
 * app/routes.ts to its classes; test/unit/cache-policy-owner.test.ts keeps the header out of
 * every other module. `server/` imports this file directly, so it imports only dependency-free
 * modules, by relative paths.
 */
import { isPersonalCookieHeader } from "./cookie-names.ts";
import { languageSuggestionOf, suggestedLanguage } from "./language-suggestion.ts";

/** The cache classes of a response, and the header each sends. */
export const CACHE_CONTROL = {
  /** Anonymous public pages: a CDN may keep them 5 min and serve stale while revalidating. */
  "public-cacheable": "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  /** Personal pages and form answers. */
  private: "private, no-store",
  /** Probes, plain error pages: never stored anywhere. */
  "no-store": "no-store",
  /** Content-addressed files (uploaded images under /media/, build assets): the same bytes forever. */
  immutable: "public, max-age=31536000, immutable",
  /** The other files of public/ (favicon, logo, images): an hour. */
  "short-lived": "public, max-age=3600",
} as const;

export type CacheClass = keyof typeof CACHE_CONTROL;

const PUBLIC_CACHE = CACHE_CONTROL["public-cacheable"];
const PRIVATE_NO_STORE = CACHE_CONTROL.private;

/** What a response is, as its route or the server names it; each kind has one class. */
const CLASS_OF = {
  /** The RSS feeds, the sitemap, robots.txt: one answer for every anonymous visitor. */
  feed: "public-cacheable",
  /** Personal pages, form answers, admin downloads, failures that must not be shared. */
  private: "private",
  /** Health probes, the server's own refusals and plain pages, a missing file: never stored. */
  transient: "no-store",
  /** The same bytes forever under one URL: uploaded images under /media/, /assets/ of the build. */
  "content-addressed": "immutable",
  /** Any other file of public/. */
  "public-file": "short-lived",
} as const satisfies Record<string, CacheClass>;

export type ResponseKind = keyof typeof CLASS_OF;

/** The Cache-Control value of a kind of response. */
export function cacheControlOf(kind: ResponseKind): string {
  return CACHE_CONTROL[CLASS_OF[kind]];
}

/** The headers (to spread into a response's) that give a response its kind's class. */
export function cacheHeaders(kind: ResponseKind): { "Cache-Control": string } {
  return { "Cache-Control": cacheControlOf(kind) };
}

/**
 * The Supabase auth client asks for no caching whenever it writes session cookies: the response
 * that carries them (whatever its route chose) goes out private.
 */
export function keepPrivateWhenAuthAsks(authHeaders: Headers, response: Headers): void {
  if (authHeaders.has("Cache-Control")) response.set("Cache-Control", PRIVATE_NO_STORE);
}

/**
 * True when the answer depends on more than the URL: a session (Supabase auth cookies), a flash
 * toast, or the home page's language suggestion.
 */
export function isPersonalised(request: Request): boolean {
  return (
    isPersonalCookieHeader(request.headers.get("Cookie")) || Boolean(languageSuggestionOf(request))
  );
}

/**
 * A GET/HEAD from a visitor with no session and no flash message, who would not get the home
 * page's language suggestion (pass `url` and `acceptLanguage` for that check).
 */
export function isAnonymousRead(
  method: string | undefined,
  cookie: string | undefined,
  url = "",
  acceptLanguage?: string | string[],
): boolean {
  const language = Array.isArray(acceptLanguage) ? acceptLanguage.join(",") : acceptLanguage;
  const path = url.split("?")[0] ?? "";
  return (
    (method === "GET" || method === "HEAD") &&
    !isPersonalCookieHeader(cookie) &&
    !suggestedLanguage(path, cookie, language)
  );
}

/**
 * Only complete, shared-cacheable, successful responses without cookies are cached. Immutable
 * files are left to browsers and CDNs: they would crowd pages out of the page cache, and a
 * range request must get its range.
 */
export function isSharedCacheable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.getSetCookie().length > 0) return false;
  const cacheControl = headers.get("Cache-Control") ?? "";
  return /\bpublic\b/.test(cacheControl) && !/no-store|private|immutable/.test(cacheControl);
}

/** The Cache-Control a public loader answers with. */
export function publicCacheHeaders(request: Request, ok = true): HeadersInit {
  return { "Cache-Control": ok && !isPersonalised(request) ? PUBLIC_CACHE : PRIVATE_NO_STORE };
}

interface HeadersArgsLike {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders?: Headers;
}

function withRetryAfter(headers: Headers, actionHeaders: Headers): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * A route `headers` export for public pages: the loader's Cache-Control, unless this is an
 * error or action response or a cookie is being set (toast, session), which makes it private.
 */
export function publicPageHeaders({
  loaderHeaders,
  parentHeaders,
  actionHeaders,
  errorHeaders,
}: HeadersArgsLike): Headers {
  const fromLoader = loaderHeaders.get("Cache-Control");
  const personal =
    errorHeaders !== undefined ||
    parentHeaders.has("Set-Cookie") ||
    loaderHeaders.has("Set-Cookie") ||
    [...actionHeaders.keys()].length > 0;
  const headers = new Headers({
    "Cache-Control": !fromLoader || personal ? PRIVATE_NO_STORE : fromLoader,
  });
  return withRetryAfter(headers, actionHeaders);
}

/**
 * A route `headers` export for personal pages and forms: never cached, and an action's
 * `Retry-After` (rate limit) reaches the browser — React Router drops action headers a route
 * does not pass on.
 */
export function privateFormHeaders({
  actionHeaders,
  errorHeaders,
}: Pick<HeadersArgsLike, "actionHeaders" | "errorHeaders">) {
  const headers = withRetryAfter(new Headers({ "Cache-Control": PRIVATE_NO_STORE }), actionHeaders);
  return errorHeaders ? withRetryAfter(headers, errorHeaders) : headers;
}

/**
 * The Cache-Control the server finally sends for a rendered response: whatever the route chose
 * for an anonymous, cookie-less success, `private, no-store` for everything else.
 */
export function finalCacheControl(anonymous: boolean, status: number, headers: Headers): string {
  const chosen = headers.get("Cache-Control");
  // The same bytes for every visitor, signed in or not.
  if (chosen === CACHE_CONTROL.immutable && status < 400 && !headers.getSetCookie().length) {
    return chosen;
  }
  if (!anonymous || headers.getSetCookie().length > 0 || status >= 400 || !chosen) {
    return PRIVATE_NO_STORE;
  }
  return chosen;
}

/** Gives a rendered response the Cache-Control the server finally sends (`finalCacheControl`). */
export function applyFinalCacheControl(anonymous: boolean, status: number, headers: Headers): void {
  headers.set("Cache-Control", finalCacheControl(anonymous, status, headers));
}
