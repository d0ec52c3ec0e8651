/**
 * Which alt text an uploaded image gets on a page (isomorphic, plain data): the media library
 * keeps the English text in `media.alt`, Kiswahili and French in `media.alt_translations`, and a
 * `decorative` mark (supabase/migrations/20261205000001_media_alt_languages.sql).
 */
import type { Locale } from "~/i18n/locale";

/** The translations column as stored: `{sw?, fr?}` (anything else is ignored). */
export type AltTranslations = Partial<Record<Exclude<Locale, "en">, string>>;

export function altTranslationsOf(value: unknown): AltTranslations {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const out: AltTranslations = {};
  for (const lang of ["sw", "fr"] as const) {
    const text = record[lang];
    if (typeof text === "string" && text.trim()) out[lang] = text;
  }
  return out;
}

/** What the library knows of an uploaded image that a page needs to show it. */
export interface MediaDetails {
  width: number;
  height: number;
  alt: string;
  altTranslations: AltTranslations;
  decorative: boolean;
}

/** How a page shows a cover: its size (never shown wider) and its alt text with its language. */
export interface CoverDetails {
  width: number;
  height: number;
  alt: string;
  /** The language of `alt` (English where the translation is missing). */
  altLang: Locale;
}

/**
 * The cover of a post written in `lang`: the alt text in that language, else the English one;
 * "" only for an image marked decorative. An image that is neither described nor marked gets
 * `fallback` (the post's title), never a silent alt="".
 */
export function coverDetailsOf(
  details: MediaDetails,
  lang: Locale,
  fallback: string,
): CoverDetails {
  const { width, height } = details;
  if (details.decorative) return { width, height, alt: "", altLang: lang };
  const translated = lang === "en" ? undefined : details.altTranslations[lang];
  if (translated) return { width, height, alt: translated, altLang: lang };
  if (details.alt.trim()) return { width, height, alt: details.alt, altLang: "en" };
  return { width, height, alt: fallback, altLang: lang };
}
