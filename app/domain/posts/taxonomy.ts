import type { Locale } from "~/i18n/locale";
import {
  isTranslatedInto,
  isTranslatedText,
  type TranslatedText,
  textIn,
} from "../site/translated";

/**
 * The blog's categories and tags (supabase/migrations/20261205100001_blog_taxonomy.sql): a key
 * (what posts store and URLs carry) and a label per language.
 */
export interface TermRow {
  key: string;
  label: TranslatedText;
}

export interface Taxonomy {
  categories: readonly TermRow[];
  tags: readonly TermRow[];
}

/** A category or tag as a page in one language shows it. */
export interface PostTerm {
  key: string;
  label: string;
  /** `en` when the label is shown untranslated on a page of another language. */
  lang?: "en";
}

export const EMPTY_TAXONOMY: Taxonomy = { categories: [], tags: [] };

/** The `blog_taxonomy()` RPC's answer as a taxonomy (anything else in it is left out). */
export function parseTaxonomy(value: unknown): Taxonomy {
  const rows = (list: unknown): TermRow[] =>
    Array.isArray(list)
      ? list.flatMap((row) =>
          typeof row?.key === "string" && isTranslatedText(row?.label)
            ? [{ key: row.key, label: row.label }]
            : [],
        )
      : [];
  const object = (value ?? {}) as { categories?: unknown; tags?: unknown };
  return { categories: rows(object.categories), tags: rows(object.tags) };
}

function termIn(row: TermRow, locale: Locale): PostTerm {
  const label = textIn(row.label, locale);
  return isTranslatedInto(row.label, locale)
    ? { key: row.key, label }
    : { key: row.key, label, lang: "en" };
}

/** Labels of one language: a key the taxonomy does not know shows as itself. */
export interface TermLabels {
  category(key: string): PostTerm;
  tag(key: string): PostTerm;
}

export function termLabels(taxonomy: Taxonomy, locale: Locale): TermLabels {
  const index = (rows: readonly TermRow[]) => new Map(rows.map((row) => [row.key, row]));
  const categories = index(taxonomy.categories);
  const tags = index(taxonomy.tags);
  const label = (rows: Map<string, TermRow>, key: string): PostTerm => {
    const row = rows.get(key);
    return row ? termIn(row, locale) : { key, label: key };
  };
  return { category: (key) => label(categories, key), tag: (key) => label(tags, key) };
}

/**
 * The key a filter value names: a key as it is, else the term whose label (in any language,
 * any case) it is — old links carry English labels (`?category=Web Development`) — else the
 * value itself (it matches no post).
 */
export function keyOf(rows: readonly TermRow[], value: string): string {
  if (rows.some((row) => row.key === value)) return value;
  const wanted = value.toLocaleLowerCase();
  const named = rows.find((row) =>
    Object.values(row.label).some((label) => label?.toLocaleLowerCase() === wanted),
  );
  return named?.key ?? value;
}

/** Terms sorted by their label in `locale`. */
export function byLabel(terms: PostTerm[], locale: Locale): PostTerm[] {
  return terms.sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The URL's filters with each category and tag as its key (see `keyOf`). */
export function filterKeys<T extends { category: string; tags: string[] }>(
  filters: T,
  taxonomy: Taxonomy,
): T {
  return {
    ...filters,
    category: filters.category && keyOf(taxonomy.categories, filters.category),
    tags: [...new Set(filters.tags.map((tag) => keyOf(taxonomy.tags, tag)))],
  };
}
