import { isLocale, type Locale, localizePath } from "~/i18n/locale";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { sanitizePostHtml } from "./sanitize.server";
import type { PostTerm } from "./taxonomy";
import type { BlogPost, PostSummary } from "./types";

/** The backend could not answer (network, timeout, 5xx, or an error body). */
export class PostsUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Posts could not be loaded", { cause });
    this.name = "PostsUnavailableError";
  }
}

type PostRow = Tables<"posts">;
/** Rows as stored; every column but id and title is read defensively (rows written by hand). */
type Loose<T, Strict extends keyof T> = Pick<T, Strict> & {
  [K in Exclude<keyof T, Strict>]: T[K] | null;
};
type SummaryRow = Loose<
  Pick<
    PostRow,
    | "id"
    | "title"
    | "excerpt"
    | "cover_image"
    | "author_name"
    | "author_avatar"
    | "published_at"
    | "read_time"
    | "categories"
    | "tags"
  >,
  "id" | "title"
> &
  Partial<Pick<PostRow, "lang" | "translation_of">>;

export const SUMMARY_COLUMNS =
  "id, title, excerpt, cover_image, author_name, author_avatar, published_at, read_time, categories, tags, lang, translation_of";
const FULL_COLUMNS = `${SUMMARY_COLUMNS}, content`;
const RELATED_LIMIT = 3;

const unlabelled = (key: string): PostTerm => ({ key, label: key });

/** A posts row in the shape the pages use. */
export function toPostSummary(row: SummaryRow): PostSummary {
  return {
    id: Number(row.id),
    title: row.title,
    excerpt: row.excerpt ?? "",
    coverImage: row.cover_image || null,
    author: row.author_name || "Admin",
    authorAvatar: row.author_avatar || null,
    date: row.published_at ?? "",
    readTime: row.read_time || "1 min",
    // Keys, labelled for a page by `withLabels` (app/domain/posts/taxonomy.server.ts).
    categories: (row.categories ?? []).map(unlabelled),
    tags: (row.tags ?? []).map(unlabelled),
    lang: isLocale(row.lang) ? row.lang : "en",
    translationOf: row.translation_of ?? null,
  };
}

/** A full post with its HTML content sanitized (allow-list) for rendering. */
export function toBlogPost(row: SummaryRow & { content: string | null }): BlogPost {
  return { ...toPostSummary(row), content: sanitizePostHtml(row.content ?? "") };
}

async function run<T>(query: PromiseLike<{ data: T | null; error: unknown }>): Promise<T | null> {
  let result: { data: T | null; error: unknown };
  try {
    result = await query;
  } catch (error) {
    throw new PostsUnavailableError(error);
  }
  if (result.error) throw new PostsUnavailableError(result.error);
  return result.data;
}

/** Published posts, newest `published_at` first. */
export async function listPublishedPosts(
  supabase: AppSupabase,
  limit?: number,
): Promise<PostSummary[]> {
  let query = supabase
    .from("posts")
    .select(SUMMARY_COLUMNS)
    .eq("published", true)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false });
  if (limit) query = query.limit(limit);
  const rows = await run(query);
  return (rows ?? []).map(toPostSummary);
}

/** Post ids in URLs are positive integers; anything else is "not found". */
export function parsePostId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The published post with this id, or null. */
export async function getPublishedPost(
  supabase: AppSupabase,
  id: number,
): Promise<BlogPost | null> {
  const row = await run(
    supabase.from("posts").select(FULL_COLUMNS).eq("id", id).eq("published", true).maybeSingle(),
  );
  return row ? toBlogPost(row) : null;
}

/**
 * Up to 3 other published posts: those sharing a category with `post` first, then the newest.
 */
export function pickRelatedPosts(post: PostSummary, all: PostSummary[]): PostSummary[] {
  const others = all.filter((p) => p.id !== post.id);
  const keys = new Set(post.categories.map((c) => c.key));
  const shares = (p: PostSummary) => p.categories.some((c) => keys.has(c.key));
  return [...others.filter(shares), ...others.filter((p) => !shares(p))].slice(0, RELATED_LIMIT);
}

/** The original of a post's group of translations (its own id when it translates nothing). */
export function groupOf(post: Pick<PostSummary, "id" | "translationOf">): number {
  return post.translationOf ?? post.id;
}

/**
 * The blog of a language: its own posts, and — outside English — the English posts it has no
 * translation of yet (the list marks them "English"). English shows English posts only.
 */
export function postsIn<T extends PostSummary>(all: T[], locale: Locale): T[] {
  const lang = (p: T) => p.lang ?? "en";
  if (locale === "en") return all.filter((p) => lang(p) === "en");
  const translated = new Set(all.filter((p) => lang(p) === locale).map(groupOf));
  return all.filter((p) => lang(p) === locale || (lang(p) === "en" && !translated.has(groupOf(p))));
}

/** The published translations of `post` (itself included), by language. */
export function translationsOf(
  post: PostSummary,
  all: PostSummary[],
): Partial<Record<Locale, PostSummary>> {
  const group = groupOf(post);
  const found: Partial<Record<Locale, PostSummary>> = { [post.lang ?? "en"]: post };
  for (const p of all) {
    const lang = p.lang ?? "en";
    if (groupOf(p) === group && !found[lang]) found[lang] = p;
  }
  return found;
}

/** The URL path of a post in its own language: `/blog/3`, `/sw/blog/12`. */
export function postPath(post: Pick<PostSummary, "id" | "lang">): string {
  return localizePath(`/blog/${post.id}`, post.lang ?? "en");
}
