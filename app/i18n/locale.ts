/**
 * The site's languages and how a URL carries one: English at today's paths, Kiswahili under
 * `/sw/…` and French under `/fr/…`. Isomorphic and dependency-free (the Node server imports the
 * HTTP policy, which imports this file).
 */
export const LOCALES = ["en", "sw", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself (the switcher never translates these). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  sw: "Kiswahili",
  fr: "Français",
};

/**
 * The Intl locales of each language: English dates stay in the US format the site always had
 * while amounts use Kenya's shilling sign; Kiswahili is Kenyan usage.
 */
export const INTL_LOCALE: Record<Locale, { dates: string; numbers: string }> = {
  en: { dates: "en-US", numbers: "en-KE" },
  sw: { dates: "sw-KE", numbers: "sw-KE" },
  fr: { dates: "fr-FR", numbers: "fr-FR" },
};

/** `/sw`, `/sw/…` and their data URLs (`/sw.data`, `/sw/blog.data`), never `/swahili`. */
const PREFIX = /^\/(sw|fr)(?=\/|\.data$|$)/;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language of a path: its prefix, English without one. */
export function localeFromPath(pathname: string): Locale {
  const match = PREFIX.exec(pathname);
  return match ? (match[1] as Locale) : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/sw/services` → `/services`, `/sw/` → `/`. */
export function stripLocale(pathname: string): string {
  const rest = pathname.replace(PREFIX, "");
  return rest === "" ? "/" : rest;
}

/**
 * A site path (with its query and hash) in `locale`: `/services` → `/sw/services`, `/` →
 * `/sw/`, `/#about` → `/sw/#about`. A path already in a language is moved to `locale`.
 */
export function localizePath(path: string, locale: Locale): string {
  const at = path.search(/[?#]/);
  const pathname = at === -1 ? path : path.slice(0, at);
  const rest = at === -1 ? "" : path.slice(at);
  const bare = stripLocale(pathname || "/");
  if (locale === DEFAULT_LOCALE) return `${bare}${rest}`;
  return `/${locale}${bare}${rest}`;
}

/**
 * The language an `Accept-Language` header prefers among ours (highest q, then order), or
 * null when it names none of them. `sw-KE;q=0.9` counts as `sw`.
 */
export function preferredLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const item of header.split(",").slice(0, 20)) {
    const [tag = "", ...params] = item.trim().split(";");
    const base = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(base)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { locale: base, q };
  }
  return best?.locale ?? null;
}

/** The page path a request is for, also for React Router's data URLs (`/sw/blog.data`, `/_root.data`). */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -5);
  return page === "/_root" ? "/" : page.replace(/\/_root$|\/_$/, "/");
}

/** The same page in every language: `{ en: "/services", sw: "/sw/services", fr: "/fr/services" }`. */
export function alternatePaths(pathname: string): Record<Locale, string> {
  const page = pagePath(pathname);
  return {
    en: localizePath(page, "en"),
    sw: localizePath(page, "sw"),
    fr: localizePath(page, "fr"),
  };
}
