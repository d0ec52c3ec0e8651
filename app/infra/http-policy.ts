/**
 * The site's HTTP policy, in one place for the route modules and the Node server (`server/`
 * imports this file directly, so it imports only dependency-free modules, by relative paths):
 * cookie names, cache classes, which requests and responses the anonymous page cache may use,
 * its keys, and the CSP.
 */
import { preferredLocale } from "../i18n/locale.ts";
import { pageQuery } from "../lib/page-query.ts";

/** Every cookie the site writes (Supabase's own session cookies start with `sb-`). */
export const COOKIES = {
  supabasePrefix: "sb-",
  /** "Remember me" unchecked: session cookies end with the browser session. */
  sessionOnly: "sb-session-only",
  toast: "toast",
  /** Onboarding answers the auth server could not save yet (app/domain/onboarding/progress.server.ts). */
  onboarding: "onboarding",
  bannerDismissed: "email-banner-dismissed",
  /** OWASP device cookie: this browser signed in successfully before (per address). */
  device: "device",
  /** A signed id of this browser: per-browser limits of the mail actions. */
  browser: "browser",
  /** The language the visitor chose (switcher or suggestion): `en`, `sw` or `fr`. */
  lang: "lang",
} as const;

/** The three cache classes of a response. */
export const CACHE_CONTROL = {
  /** Anonymous public pages: a CDN may keep them 5 min and serve stale while revalidating. */
  "public-cacheable": "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  /** Personal pages and form answers. */
  private: "private, no-store",
  /** Probes, plain error pages: never stored anywhere. */
  "no-store": "no-store",
  /** Content-addressed files (uploaded images under /media/): the same bytes forever. */
  immutable: "public, max-age=31536000, immutable",
} as const;

export type CacheClass = keyof typeof CACHE_CONTROL;
export const PUBLIC_CACHE = CACHE_CONTROL["public-cacheable"];
export const PRIVATE_NO_STORE = CACHE_CONTROL.private;

/** Cookies that make a request personal: a Supabase session or a pending flash message. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:sb-[^=]*|toast)=/;

/** A Supabase session cookie is present (valid or not: only the guard can tell). */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return Boolean(cookie && /(?:^|;\s*)sb-[^=]*=/.test(cookie));
}

export function isPersonalCookieHeader(cookie: string | null | undefined): boolean {
  return Boolean(cookie && PERSONAL_COOKIE.test(cookie));
}

/**
 * The language the home page suggests to this visitor, or null: only `/`, only a visitor who
 * has not chosen a language (no `lang` cookie) and whose browser prefers Kiswahili or French.
 * Such an answer is personal (never cached, see `isAnonymousRead` callers); every other visitor
 * of `/` shares the one cached page, whose language comes from its path alone.
 */
export function suggestedLanguage(
  path: string,
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): "sw" | "fr" | null {
  if (path !== "/" || (cookie && /(?:^|;\s*)lang=/.test(cookie))) return null;
  const preferred = preferredLocale(acceptLanguage);
  return preferred === "sw" || preferred === "fr" ? preferred : null;
}

/** `suggestedLanguage` of a fetch Request. */
export function languageSuggestionOf(request: Request): "sw" | "fr" | null {
  return suggestedLanguage(
    new URL(request.url).pathname,
    request.headers.get("Cookie"),
    request.headers.get("Accept-Language"),
  );
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

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

/** Bytes of an uploaded image (the `media` bucket's file_size_limit). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The routes whose forms upload an image (multipart): the post editor, the media library and its
 * upload endpoint, the editors of services, portfolio projects and team members (image fields of
 * app/domain/site/editor/kinds.ts) — and their `.data` twins, which JS submissions post to.
 */
const UPLOAD_ROUTES =
  /^\/admin\/(?:posts\/(?:new|\d{1,18})|media(?:\/upload)?|(?:services|portfolio|team)\/(?:new|\d{1,18}))(?:\.data)?$/;

/** An image-upload route (its `.data` twin included): bodies up to 5 MB, read after the guard. */
export function isUploadRoute(path: string): boolean {
  return UPLOAD_ROUTES.test(path);
}

export interface BodyLimit {
  bytes: number;
  /** The 413 page's message. */
  message: string;
}

/**
 * How large a request body may be: 1 MB everywhere, but the upload routes take an image of up
 * to 5 MB plus the rest of their form (post content is at most 200 KB) and multipart framing.
 */
export function bodyLimitFor(path: string): BodyLimit {
  if (isUploadRoute(path)) {
    return {
      bytes: UPLOAD_MAX_BYTES + 256 * 1024,
      message: "The image is larger than 5 MB. Choose a smaller file or resize it first.",
    };
  }
  return { bytes: 1024 * 1024, message: "The submitted data is larger than 1 MB." };
}

// ---------------------------------------------------------------------------------------------
// Page-cache keys
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Content-Security-Policy
// ---------------------------------------------------------------------------------------------

export interface CspSources {
  /** Per-request nonce of a fresh, personal render. */
  nonce?: string;
  /** `'sha256-…'` sources of the framework's inline scripts (shared-cacheable documents). */
  scriptHashes?: readonly string[];
}

/**
 * The Content-Security-Policy. A fresh personal document allows scripts carrying its nonce; a
 * shared-cacheable document (the same bytes for every visitor) allows exactly the inline scripts
 * the framework rendered, by hash; anything else gets the policy with neither.
 */
export function buildCsp({ nonce, scriptHashes = [] }: CspSources = {}): string {
  const scriptSrc = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // sonner injects one <style> element at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Every image comes from the site itself (uploads are served under /media/); data: is for
    // the editor's local preview of a chosen file.
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCED_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The inline scripts of a rendered document that carry `nonce` (the framework's own: React
 * Router writes the nonce on every script it renders) as CSP hash sources. Inline scripts
 * without the nonce — whatever else the HTML might contain — are never allowed. `sha256`
 * returns the base64 SHA-256 of a text (node:crypto's synchronous hash on the server: Web
 * Crypto's asynchronous digest cost ~1 ms per page in scheduling alone).
 */
export function frameworkScriptHashes(
  html: string,
  nonce: string,
  sha256: (text: string) => string,
): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(NONCED_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (!attributes.includes(`nonce="${nonce}"`) || /\ssrc\s*=/.test(attributes)) continue;
    hashes.push(`'sha256-${sha256(match[2] ?? "")}'`);
  }
  return hashes;
}
