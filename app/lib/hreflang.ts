import { LOCALES, type Locale } from "~/i18n/locale";

export type HreflangSet = [hreflang: Locale | "x-default", path: string][];

/**
 * The hreflang alternates of a page, from its path in each language that has it: every such
 * language plus `x-default` (English, else the first). A page in one language only (a post not
 * translated yet) has no alternates: there is nothing to choose between. Both the page's
 * `<link rel="alternate">` tags (app/lib/seo.ts) and its sitemap entry (app/lib/feeds.ts) come
 * from here, so they always agree.
 */
export function hreflangSet(alternates: Partial<Record<Locale, string>>): HreflangSet {
  const entries = LOCALES.flatMap((l) => {
    const path = alternates[l];
    return path ? [[l, path] as [Locale, string]] : [];
  });
  if (entries.length < 2) return [];
  const fallback = alternates.en ?? entries[0]![1];
  return [...entries, ["x-default", fallback]];
}
