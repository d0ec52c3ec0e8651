import type { SupabaseClient, User } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import { getSupabase, requireAdmin } from "./auth.server";
import { announceContentChanged } from "./content-events.server";
import { parseForm, readFormData } from "./forms.server";
import { type PostFormValues, postFormSchema } from "./post-form-schema.server";
import { parsePostId } from "./posts.server";
import { readTime } from "./read-time";
import { sanitizePostHtml } from "./sanitize-html.server";
import type { Toast } from "./toast";
import { makeToast, redirectWithToast } from "./toast.server";

/** A row of the admin post list. */
export interface AdminPostSummary {
  id: number;
  title: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
}

/** Everything the editor shows of a post. */
export interface AdminPost extends AdminPostSummary {
  excerpt: string;
  content: string;
  cover_image: string | null;
  author_name: string;
  author_avatar: string | null;
  read_time: string;
  categories: string[];
  tags: string[];
}

const SUMMARY_COLUMNS = "id, title, published, published_at, created_at";
const POST_COLUMNS = `${SUMMARY_COLUMNS}, excerpt, content, cover_image, author_name, author_avatar, read_time, categories, tags`;

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const failure = (message: string | undefined): { ok: false; message: string } => ({
  ok: false,
  message: message?.trim() || "The database did not answer. Please try again.",
});

/** The numeric id of `/admin/posts/:id` (same rule as `/blog/:postId`), or null. */
export { parsePostId };

/** Publishing stamps `published_at` the first time only; unpublishing keeps the stamp. */
export function publishedAtFor(
  published: boolean,
  current: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (current) return current;
  return published ? now.toISOString() : null;
}

/** The signed-in admin as the post's author: full_name (or 'Admin') and avatar_url (or null). */
export function authorFields(user: Pick<User, "user_metadata">): {
  author_name: string;
  author_avatar: string | null;
} {
  const meta = user.user_metadata ?? {};
  const name = typeof meta.full_name === "string" ? meta.full_name.trim().slice(0, 200) : "";
  const avatar = typeof meta.avatar_url === "string" ? meta.avatar_url.trim() : "";
  return { author_name: name || "Admin", author_avatar: avatar || null };
}

/** All posts, drafts included, newest first (RLS shows drafts to admins only). */
export async function listAllPosts(supabase: SupabaseClient): Promise<Result<AdminPostSummary[]>> {
  try {
    const { data, error } = await supabase
      .from("posts")
      .select(SUMMARY_COLUMNS)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false });
    if (error) return failure(error.message);
    return { ok: true, value: (data ?? []) as AdminPostSummary[] };
  } catch (error) {
    return failure((error as Error).message);
  }
}

/** One post by id (null when there is none); a backend failure is thrown. */
export async function getPost(supabase: SupabaseClient, id: number): Promise<AdminPost | null> {
  const { data, error } = await supabase
    .from("posts")
    .select(POST_COLUMNS)
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return (data as AdminPost | null) ?? null;
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
    read_time: readTime(values.content),
    ...authorFields(user),
  };
}

/**
 * Creates a post (or updates `existing`) with the admin's own Supabase client, so the
 * database's RLS decides too. `values.content` is already sanitized by the form schema.
 */
export async function savePost(
  supabase: SupabaseClient,
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
    if (error) return failure(error.message);
    const id = data?.[0]?.id as number | undefined;
    if (id === undefined) return failure("The post no longer exists or you may not change it.");
    announceContentChanged();
    return { ok: true, value: id };
  } catch (error) {
    return failure((error as Error).message);
  }
}

export async function deletePost(supabase: SupabaseClient, id: number): Promise<Result<number>> {
  try {
    const { data, error } = await supabase.from("posts").delete().eq("id", id).select("id");
    if (error) return failure(error.message);
    if (!data?.length) return failure("The post no longer exists or you may not delete it.");
    announceContentChanged();
    return { ok: true, value: id };
  } catch (error) {
    return failure((error as Error).message);
  }
}

// ---------------------------------------------------------------------------------------------
// Route-facing helpers for /admin/posts/new and /admin/posts/:id (the route modules stay thin).
// ---------------------------------------------------------------------------------------------

type RouteArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

/** What the editor gets back from its action: typed values, field errors, preview, toast. */
export interface EditorActionData {
  result?: {
    initialValue?: Record<string, unknown> | null;
    error?: Record<string, string[] | null> | null;
  };
  preview?: string;
  toast?: Toast;
}

export const EDITOR_FIELDS = [
  "title",
  "excerpt",
  "content",
  "cover_image",
  "categories",
  "tags",
  "published",
] as const;

function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of EDITOR_FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/** The post of `/admin/posts/:id`; an unknown or malformed id answers 404. */
export async function requirePost(args: RouteArgs): Promise<AdminPost> {
  const id = parsePostId(args.params.id);
  const post = id === null ? null : await getPost(getSupabase(args.context), id);
  if (!post) throw data({ message: "Post not found" }, { status: 404 });
  return post;
}

/** The editor's sanitized preview of a draft, exactly as the blog will render it. */
export function previewHtml(content: unknown): string {
  return sanitizePostHtml(typeof content === "string" ? content : "");
}

function backendFailure(title: string, message: string, result?: EditorActionData["result"]) {
  const toast = makeToast({ type: "error", title, description: message });
  return data<EditorActionData>({ result, toast }, { status: 502 });
}

/** requirePost for actions: a backend failure becomes a message instead of an error page. */
async function existingPost(args: RouteArgs): Promise<Result<AdminPost>> {
  try {
    return { ok: true, value: await requirePost(args) };
  } catch (error) {
    if (error instanceof Error) return failure(error.message);
    throw error;
  }
}

/**
 * The editor's action (new and edit): `intent=preview` answers the sanitized preview with the
 * typed values; `intent=delete` (edit, after the confirm step) deletes; anything else saves.
 * Saving answers 400 with field errors, 502 with a toast when the backend fails (the typed
 * values come back either way), or redirects to the list with the toast 'Saved'.
 */
export async function editorAction(args: RouteArgs, mode: "new" | "edit") {
  const user = await requireAdmin(args);
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  if (intent === "preview") {
    const preview = previewHtml(formData.get("content"));
    return data<EditorActionData>({ preview, result: { initialValue: typedValues(formData) } });
  }
  const supabase = getSupabase(args.context);
  if (mode === "edit" && intent === "delete") {
    const existing = await existingPost(args);
    const deleted = existing.ok ? await deletePost(supabase, existing.value.id) : existing;
    if (!deleted.ok) return backendFailure("Could not delete the post", deleted.message);
    return redirectWithToast("/admin/posts", { type: "success", title: "Post deleted" });
  }
  const submission = parseForm(formData, postFormSchema);
  if (submission.status !== "success") {
    return data<EditorActionData>({ result: submission.reply() }, { status: 400 });
  }
  const existing = mode === "edit" ? await existingPost(args) : undefined;
  const saved =
    existing && !existing.ok
      ? existing
      : await savePost(supabase, user, submission.value, existing?.value);
  if (!saved.ok)
    return backendFailure("Could not save the post", saved.message, submission.reply());
  return redirectWithToast("/admin/posts", { type: "success", title: "Saved" });
}
