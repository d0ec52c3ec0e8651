import { LOCALES, type Locale } from "~/i18n/locale";

/**
 * A visitor-facing text of the site's content (supabase/migrations/20261204000001_site_content.sql):
 * English required, Kiswahili and French optional. Stored as a jsonb object; the database checks
 * its shape (public.is_translated_text).
 */
export interface TranslatedText {
  en: string;
  sw?: string;
  fr?: string;
}

export function isTranslatedText(value: unknown): value is TranslatedText {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { en?: unknown }).en === "string" &&
    entries.every(
      ([key, text]) => (LOCALES as readonly string[]).includes(key) && typeof text === "string",
    )
  );
}

/** The text in `locale`; "" when the value is not a translated text. */
export function textIn(value: unknown, locale: Locale): string {
  if (!isTranslatedText(value)) return "";
  return (locale !== "en" && value[locale]?.trim() ? value[locale] : value.en) ?? "";
}

/** Whether `value` has its own `locale` text (English always has). */
export function isTranslatedInto(value: unknown, locale: Locale): boolean {
  if (!isTranslatedText(value)) return false;
  return locale === "en" || Boolean(value[locale]?.trim());
}

/**
 * The names of an item's fields shown in English on a page in `locale` because they have no
 * translation ("title", "features.2", "process.1.description"): components mark those elements
 * `lang="en"` (as untranslated posts are). Empty for English pages.
 */
export class EnglishFields {
  private readonly names: string[] = [];
  private readonly locale: Locale;

  constructor(locale: Locale) {
    this.locale = locale;
  }

  /** `value` in the page's language, noting `field` when it falls back to English. */
  text(field: string, value: unknown): string {
    if (this.locale !== "en" && !isTranslatedInto(value, this.locale)) this.names.push(field);
    return textIn(value, this.locale);
  }

  /** Each text of a list, noting `field.index` for those in English. */
  list(field: string, values: unknown): string[] {
    if (!Array.isArray(values)) return [];
    return values.map((value, index) => this.text(`${field}.${index}`, value));
  }

  /** What the item carries: undefined when everything is in the page's language. */
  done(): readonly string[] | undefined {
    return this.names.length > 0 ? this.names : undefined;
  }
}

/** `lang="en"` for a field shown untranslated, else undefined (the page's own language). */
export function langOf(item: { english?: readonly string[] }, field: string): "en" | undefined {
  return item.english?.includes(field) ? "en" : undefined;
}

/** Plain strings of a jsonb array (tags, cities). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
