/**
 * Cache-Control for public pages. A page is shared-cacheable (CDN) only for anonymous visitors
 * whose response sets no cookie; anything personalised or failed is `private, no-store`.
 */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
export const PRIVATE_NO_STORE = "private, no-store";

/** True when the request carries a session (Supabase auth cookies) or a flash toast. */
export function isPersonalised(request: Request): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return /(?:^|;\s*)(?:sb-[^=]*|toast)=/.test(cookie);
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

/**
 * A route `headers` export: the loader's Cache-Control, unless this is an error or action
 * response or a cookie is being set (toast, session), which makes it private.
 */
export function publicPageHeaders({
  loaderHeaders,
  parentHeaders,
  actionHeaders,
  errorHeaders,
}: HeadersArgsLike): Headers {
  const headers = new Headers();
  const fromLoader = loaderHeaders.get("Cache-Control");
  const personal =
    errorHeaders !== undefined ||
    parentHeaders.has("Set-Cookie") ||
    loaderHeaders.has("Set-Cookie") ||
    [...actionHeaders.keys()].length > 0;
  headers.set("Cache-Control", !fromLoader || personal ? PRIVATE_NO_STORE : fromLoader);
  return withRetryAfter(headers, actionHeaders);
}

/**
 * A route `headers` export for personal pages and forms: never cached, and an action's
 * `Retry-After` (rate limit) reaches the browser — React Router drops action headers a route
 * does not pass on.
 */
export function privateFormHeaders({ actionHeaders }: Pick<HeadersArgsLike, "actionHeaders">) {
  return withRetryAfter(new Headers({ "Cache-Control": PRIVATE_NO_STORE }), actionHeaders);
}

function withRetryAfter(headers: Headers, actionHeaders: Headers): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
