import type { User } from "@supabase/supabase-js";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { authorFields } from "../admin/rights";
import { readTime } from "./read-time";
import type { PostFormValues } from "./schema.server";

/** A row of the admin post list. */
export type AdminPostSummary = Pick<
  Tables<"posts">,
  "id" | "title" | "published" | "published_at" | "created_at"
>;

/** Everything the editor shows of a post. */
export type AdminPost = AdminPostSummary &
  Pick<
    Tables<"posts">,
    | "excerpt"
    | "content"
    | "cover_image"
    | "author_name"
    | "author_avatar"
    | "read_time"
    | "categories"
    | "tags"
    | "lang"
    | "translation_of"
  >;

/** A post another can translate: its id, title and language (the editor's list). */
export type TranslationChoice = Pick<Tables<"posts">, "id" | "title" | "lang" | "translation_of">;

const SUMMARY_COLUMNS = "id, title, published, published_at, created_at";
const POST_COLUMNS = `${SUMMARY_COLUMNS}, excerpt, content, cover_image, author_name, author_avatar, read_time, categories, tags, lang, translation_of`;

const backendFailure = (message: string | undefined) =>
  fail("backend", message?.trim() || "The database did not answer. Please try again.");

/** Publishing stamps `published_at` the first time only; unpublishing keeps the stamp. */
export function publishedAtFor(
  published: boolean,
  current: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (current) return current;
  return published ? now.toISOString() : null;
}

/** All posts, drafts included, newest first (RLS shows drafts to admins only). */
export async function listAllPosts(supabase: AppSupabase): Promise<Result<AdminPostSummary[]>> {
  try {
    const { data, error } = await supabase
      .from("posts")
      .select(SUMMARY_COLUMNS)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false });
    if (error) return backendFailure(error.message);
    return ok(data ?? []);
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}

/** One post by id: the post, a "not-found" failure, or a backend failure. */
export async function getPost(supabase: AppSupabase, id: number): Promise<Result<AdminPost>> {
  try {
    const { data, error } = await supabase
      .from("posts")
      .select(POST_COLUMNS)
      .eq("id", id)
      .maybeSingle();
    if (error) return backendFailure(error.message);
    return data ? ok(data) : fail("not-found", "Post not found");
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}

function rowFor(values: PostFormValues, user: User) {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    cover_image: values.cover_image,
    categories: values.categories,
    tags: values.tags,
    published: values.published,
    lang: values.lang,
    translation_of: values.translation_of,
    read_time: readTime(values.content),
    ...authorFields(user),
  };
}

/**
 * Creates a post (or updates `existing`) with the admin's own Supabase client, so the
 * database's RLS decides too. `values.content` is already sanitized by the form schema.
 */
export async function savePost(
  supabase: AppSupabase,
  user: User,
  values: PostFormValues,
  existing?: Pick<AdminPost, "id" | "published_at">,
): Promise<Result<number>> {
  const row = {
    ...rowFor(values, user),
    published_at: publishedAtFor(values.published, existing?.published_at),
  };
  try {
    const query = existing
      ? supabase.from("posts").update(row).eq("id", existing.id).select("id")
      : supabase.from("posts").insert(row).select("id");
    const { data, error } = await query;
    if (error) return backendFailure(error.message);
    const id = data?.[0]?.id;
    if (id === undefined)
      return backendFailure("The post no longer exists or you may not change it.");
    return ok(id);
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}

export async function deletePost(supabase: AppSupabase, id: number): Promise<Result<number>> {
  try {
    const { data, error } = await supabase.from("posts").delete().eq("id", id).select("id");
    if (error) return backendFailure(error.message);
    if (!data?.length) return backendFailure("The post no longer exists or you may not delete it.");
    return ok(id);
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}

/** Originals a post may translate (posts that translate nothing themselves), newest first. */
export async function listTranslationChoices(
  supabase: AppSupabase,
): Promise<Result<TranslationChoice[]>> {
  try {
    const { data, error } = await supabase
      .from("posts")
      .select("id, title, lang, translation_of")
      .is("translation_of", null)
      .order("created_at", { ascending: false });
    if (error) return backendFailure(error.message);
    return ok(data ?? []);
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}
