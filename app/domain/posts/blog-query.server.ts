import type { Locale } from "~/i18n/locale";
import type { AppSupabase } from "~/infra/supabase.server";
import type { BlogFilters } from "./blog-filters";
import { PostsUnavailableError, SUMMARY_COLUMNS, toPostSummary } from "./queries.server";
import type { PostSummary } from "./types";

/** Articles per page of the blog list. */
export const BLOG_PAGE_SIZE = 12;

export interface BlogPage {
  posts: PostSummary[];
  /** Published posts matching the filters, on every page. */
  total: number;
  /** 1-based. */
  page: number;
  pageCount: number;
}

/**
 * A case-insensitive substring pattern for PostgREST's `ilike`: LIKE's own wildcards in the
 * visitor's text are escaped; `*` (PostgREST's wildcard, which it cannot escape) matches any
 * one character instead. The result is quoted for PostgREST's list syntax (`or=(…)`), so
 * commas, parentheses and quotes in the text stay text.
 */
export function substringPattern(text: string): string {
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll("*", "_");
  return `"*${like.replace(/[\\"]/g, (c) => `\\${c}`)}*"`;
}

/** A Postgres array literal with every element quoted: `{"Web Development","a\"b"}`. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/**
 * The groups of translations (the original's id) that have a published post in `locale`: the
 * English posts of these groups are left out of that language's blog.
 */
async function translatedGroups(supabase: AppSupabase, locale: Locale): Promise<number[]> {
  const { data, error } = await supabase
    .from("posts")
    .select("id, translation_of")
    .eq("published", true)
    .eq("lang", locale);
  if (error) throw new PostsUnavailableError(error);
  return [...new Set((data ?? []).map((row) => Number(row.translation_of ?? row.id)))];
}

/**
 * The language condition of a blog (see `postsIn`): English shows English posts; another
 * language its own posts and the English ones of groups it has not translated yet.
 */
function languageFilter(locale: Locale, translated: number[]): string {
  if (locale === "en") return "lang.eq.en";
  if (!translated.length) return `lang.eq.${locale},lang.eq.en`;
  const list = `(${translated.join(",")})`;
  return `lang.eq.${locale},and(lang.eq.en,id.not.in.${list},or(translation_of.is.null,translation_of.not.in.${list}))`;
}

/** The published posts matching `filters`, as a PostgREST query to finish. */
function matching(
  supabase: AppSupabase,
  filters: BlogFilters,
  language: string,
  options: { head?: boolean } = {},
) {
  let query = supabase
    .from("posts")
    .select(SUMMARY_COLUMNS, { count: "exact", head: options.head })
    .eq("published", true)
    .or(language);
  if (filters.q) {
    const pattern = substringPattern(filters.q);
    query = query.or(`title.ilike.${pattern},excerpt.ilike.${pattern}`);
  }
  if (filters.category) query = query.filter("categories", "cs", arrayLiteral([filters.category]));
  if (filters.tags.length) query = query.filter("tags", "cs", arrayLiteral(filters.tags));
  return query;
}

/**
 * One page of the published posts of `locale`'s blog, newest first, filtered in the database
 * (the text in the title or the excerpt, case-insensitive; the category; every selected
 * tag — by their keys), with the exact total. The posts' categories and tags are unlabelled keys.
 */
export async function findPublishedPosts(
  supabase: AppSupabase,
  filters: BlogFilters,
  page: number,
  locale: Locale = "en",
): Promise<BlogPage> {
  const from = (page - 1) * BLOG_PAGE_SIZE;
  const translated = locale === "en" ? [] : await translatedGroups(supabase, locale);
  const language = languageFilter(locale, translated);
  let { data, error, count, status } = await matching(supabase, filters, language)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + BLOG_PAGE_SIZE - 1);
  if (error && status === 416) {
    // A page past the end (PostgREST answers 416): an empty page, with the real total.
    ({ error, count } = await matching(supabase, filters, language, { head: true }));
    data = [];
  }
  if (error) throw new PostsUnavailableError(error);
  const total = count ?? 0;
  return {
    posts: (data ?? []).map(toPostSummary),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
  };
}

/**
 * The keys of the categories and tags of the posts `locale`'s blog lists (its own and the
 * English ones it has not translated).
 */
export async function publishedFacets(
  supabase: AppSupabase,
  locale: Locale = "en",
): Promise<{ categories: string[]; tags: string[] }> {
  const { data, error } = await supabase.rpc("blog_post_facets", { blog_lang: locale });
  if (error) throw new PostsUnavailableError(error);
  const rows = data ?? [];
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.value);
  return { categories: of("category"), tags: of("tag") };
}
