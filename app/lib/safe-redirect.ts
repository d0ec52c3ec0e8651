import { type Locale, localizePath } from "~/i18n/locale";

const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 2048;

/**
 * The one safe-redirect function of the site: a `redirectTo`/`next` value made safe to redirect
 * to — a path on this site, or `fallback`.
 *
 * The value is normalised first (the way a browser resolves it: dot segments, `%2e`, backslashes)
 * and checked afterwards, so `/.//evil.example`, `/..//evil`, `/%2e//evil` or `/a/..//evil` — which
 * normalise to the protocol-relative `//evil…` — are refused like `//evil` itself. Control
 * characters (which browsers strip), backslashes, absolute URLs and anything that is not a path
 * fall back too.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const raw = value.trim();
  if (!raw.startsWith("/") || raw.length > MAX_LENGTH) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // After normalisation the path must still be a plain same-origin path.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/**
 * A redirect target moved into `locale` (the language switch): checked with safeRedirectPath,
 * moved, then checked again — the final Location is what must be safe. Moving strips or adds
 * the language prefix, and stripping `/sw` from `/sw//evil.example` (also reached as
 * `/sw/.//evil.example`) would leave the protocol-relative `//evil.example`. Falls back to the
 * home page in `locale`.
 */
export function safeLocalizedPath(value: unknown, locale: Locale): string {
  const home = localizePath("/", locale);
  return safeRedirectPath(localizePath(safeRedirectPath(value, home), locale), home);
}

/**
 * Paths that exist in one language only (the admin area, media files, feeds and the language
 * switch itself, see app/routes.ts): a destination there is never moved into a language.
 */
const ONE_LANGUAGE = /^\/(?:admin|media|language|sitemap\.xml|robots\.txt)(?:[/?#.]|$)/;

/**
 * Where a sign-in goes on to: `value` (safeRedirectPath) in the language of the page the visitor
 * signed in on — `/sw/login?redirectTo=/portfolio` lands on `/sw/portfolio` — or `fallback`
 * (a path in that language already) when there is no destination.
 */
export function destinationIn(value: unknown, locale: Locale, fallback: string): string {
  const path = safeRedirectPath(value, fallback);
  if (path === fallback || ONE_LANGUAGE.test(path)) return path;
  // Checked again once moved, as safeLocalizedPath does: `/sw//evil` must not become `//evil`.
  return safeRedirectPath(localizePath(path, locale), fallback);
}

/** The path (with query) of a request, for "come back here" redirects. */
export function currentPath(url: URL): string {
  return url.pathname + url.search;
}
