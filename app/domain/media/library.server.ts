/**
 * The media library: storing an upload's variants in the `media` bucket (Supabase Storage,
 * through the admin's own client so the bucket's policies decide), its row in `public.media`,
 * listing, where an image is used, alt text, and deleting (refused while a post uses it).
 */
import { createHash } from "node:crypto";
import { pageRange } from "~/domain/admin/pagination";
import type { Database, Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, kindOfStatus, ok, type Result } from "~/lib/result";
import { clipCodePoints } from "~/lib/text";
import { encodeImage } from "./encode.server";
import { MEDIA_LIMITS, MEDIA_MESSAGES } from "./limits";
import { allKeysOf, CONTENT_TYPES, coverUrlOf, MEDIA_BUCKET, MEDIA_HASH, mediaKey } from "./urls";

export type MediaRow = Tables<"media">;
const MEDIA_COLUMNS =
  "id, hash, width, height, bytes, original_name, alt, alt_translations, decorative, created_at, created_by";
/** An upload's row, and whether the library had the same bytes already (nothing was stored). */
export type StoredImage = MediaRow & { existed: boolean };

/** What kind of item shows an image: the library names it ("Team member: …", not "post"). */
export type UsedByKind = "post" | "service" | "project" | "teamMember";

export interface UsedBy {
  id: number;
  kind: UsedByKind;
  title: string;
  /** Its editor in /admin. */
  to: string;
}

/** The kind's noun in English, for messages that name the items. */
const KIND_NOUN: Record<UsedByKind, string> = {
  post: "the post",
  service: "the service",
  project: "the portfolio project",
  teamMember: "the team member",
};

/**
 * The site content that shows uploaded images (app/domain/site/editor/kinds.ts, image fields):
 * table, image column, the column naming an item, its editor.
 */
const SITE_IMAGES = [
  { table: "services", column: "image", name: "title", editor: "/admin/services", kind: "service" },
  {
    table: "portfolio_projects",
    column: "image",
    name: "title",
    editor: "/admin/portfolio",
    kind: "project",
  },
  {
    table: "team_members",
    column: "photo",
    name: "name",
    editor: "/admin/team",
    kind: "teamMember",
  },
] as const;

const nameOf = (value: unknown): string =>
  typeof value === "string" ? value : String((value as { en?: unknown } | null)?.en ?? "");

/** Site content items whose image is an upload whose URL matches `pattern` (LIKE). */
async function siteImageUsage(
  supabase: AppSupabase,
  pattern: string,
): Promise<Result<(UsedBy & { url: string })[]>> {
  const answers = await Promise.all(
    SITE_IMAGES.map(async ({ table, column, name, editor, kind }) => {
      const { data, error } = await supabase
        .from(table)
        .select(`id, ${name}, ${column}`)
        .like(column, pattern)
        .order("id");
      const rows = (data ?? []) as unknown as Record<string, unknown>[];
      return {
        error,
        used: rows.map((row) => ({
          id: Number(row.id),
          kind,
          title: nameOf(row[name]),
          to: `${editor}/${row.id}`,
          url: String(row[column] ?? ""),
        })),
      };
    }),
  );
  const failed = answers.find((answer) => answer.error);
  if (failed?.error) return backendFailure(failed.error.message);
  return ok(answers.flatMap((answer) => answer.used));
}
export interface MediaItem extends MediaRow {
  url: string;
  usedBy: UsedBy[];
}

const backendFailure = (message: string | undefined) =>
  fail("backend", message?.trim() || "The storage did not answer. Please try again.");

async function guarded<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    return backendFailure((error as Error).message);
  }
}

/** The content hash that names an upload's variants: the first 32 hex digits of its SHA-256. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

async function findByHash(supabase: AppSupabase, hash: string): Promise<Result<MediaRow | null>> {
  const { data, error } = await supabase
    .from("media")
    .select(MEDIA_COLUMNS)
    .eq("hash", hash)
    .maybeSingle();
  return error ? backendFailure(error.message) : ok(data);
}

const existing = (row: MediaRow): Result<StoredImage> => ok({ ...row, existed: true });

/**
 * Stores an uploaded file (re-encoded; see encode.server.ts) and answers its library row. The
 * same bytes uploaded again reuse the stored image (`existed`).
 */
export function storeImage(
  supabase: AppSupabase,
  userId: string,
  file: { name: string; bytes: Buffer },
): Promise<Result<StoredImage>> {
  return guarded(async () => {
    if (file.bytes.length > MEDIA_LIMITS.maxBytes)
      return fail("too-large", MEDIA_MESSAGES.tooLarge);
    const hash = contentHash(file.bytes);
    const found = await findByHash(supabase, hash);
    if (!found.ok) return found;
    if (found.value) return existing(found.value);
    const encoded = await encodeImage(file.bytes);
    if (!encoded.ok) return encoded;
    const bucket = supabase.storage.from(MEDIA_BUCKET);
    let bytes = 0;
    for (const variant of encoded.value.variants) {
      const { error } = await bucket.upload(
        mediaKey(hash, variant.width, variant.format),
        variant.data,
        {
          contentType: CONTENT_TYPES[variant.format],
          cacheControl: "31536000",
          upsert: true,
        },
      );
      if (error) return fail(kindOfStatus(Number(error.statusCode) || 502), error.message);
      bytes += variant.data.length;
    }
    const { data, error } = await supabase
      .from("media")
      .insert({
        hash,
        width: encoded.value.width,
        height: encoded.value.height,
        bytes,
        original_name: clipCodePoints(file.name, MEDIA_LIMITS.originalName),
        created_by: userId,
      })
      .select(MEDIA_COLUMNS)
      .single();
    if (error?.code === "23505") {
      const raced = await findByHash(supabase, hash);
      return raced.ok && raced.value ? existing(raced.value) : backendFailure(error.message);
    }
    if (error)
      return error.code === "42501"
        ? fail("forbidden", error.message)
        : backendFailure(error.message);
    return ok({ ...data, existed: false });
  });
}

/** Posts whose cover, and site content whose image, is one of `hashes`, per hash. */
async function coverUsage(
  supabase: AppSupabase,
  hashes: string[],
): Promise<Result<Map<string, UsedBy[]>>> {
  const usage = new Map<string, UsedBy[]>(hashes.map((hash) => [hash, []]));
  if (!hashes.length) return ok(usage);
  const [posts, site] = await Promise.all([
    supabase
      .from("posts")
      .select("id, title, cover_image")
      .like("cover_image", "/media/%")
      .order("id"),
    siteImageUsage(supabase, "/media/%"),
  ]);
  if (posts.error) return backendFailure(posts.error.message);
  if (!site.ok) return site;
  const used = [
    ...(posts.data ?? []).map((post) => ({
      id: post.id,
      kind: "post" as const,
      title: post.title,
      to: `/admin/posts/${post.id}`,
      url: post.cover_image ?? "",
    })),
    ...site.value,
  ];
  for (const { url, ...item } of used) {
    const hash = /^\/media\/([0-9a-f]{32})\//.exec(url)?.[1];
    if (hash) usage.get(hash)?.push(item);
  }
  return ok(usage);
}

/**
 * One page of the library, newest first, each image with the posts that use it as a cover;
 * `first` (the image just uploaded, new or already there) leads the page wherever it is.
 */
export function listMedia(
  supabase: AppSupabase,
  page: number,
  first?: string,
): Promise<Result<{ items: MediaItem[]; total: number; page: number }>> {
  return guarded(async () => {
    const { from, to } = pageRange(page, MEDIA_LIMITS.pageSize);
    const [{ data, error, count }, pinned] = await Promise.all([
      supabase
        .from("media")
        .select(MEDIA_COLUMNS, { count: "exact" })
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .range(from, to),
      first && MEDIA_HASH.test(first) ? findByHash(supabase, first) : ok(null),
    ]);
    if (error) return backendFailure(error.message);
    if (!pinned.ok) return pinned;
    const lead = pinned.value;
    const rows = lead
      ? [lead, ...(data ?? []).filter((row) => row.hash !== lead.hash)]
      : (data ?? []);
    const usage = await coverUsage(
      supabase,
      rows.map((row) => row.hash),
    );
    if (!usage.ok) return usage;
    const total = count ?? rows.length;
    return ok({
      items: rows.map((row) => ({
        ...row,
        url: coverUrlOf(row.hash),
        usedBy: usage.value.get(row.hash) ?? [],
      })),
      total,
      page,
    });
  });
}

/** An image the site editors offer to pick (newest first). */
export type RecentImage = Pick<MediaRow, "hash" | "alt" | "width" | "height"> & { url: string };

/** The newest `count` images of the library (the editors' image picker). */
export function recentImages(supabase: AppSupabase, count: number): Promise<Result<RecentImage[]>> {
  return guarded(async () => {
    const { data, error } = await supabase
      .from("media")
      .select("hash, alt, width, height")
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(count);
    if (error) return backendFailure(error.message);
    return ok((data ?? []).map((row) => ({ ...row, url: coverUrlOf(row.hash) })));
  });
}

/**
 * Everything that shows the image: posts (as their cover or inside their content) and the
 * site's content (a service's or project's image, a team member's photo).
 */
export function mediaUsage(supabase: AppSupabase, hash: string): Promise<Result<UsedBy[]>> {
  return guarded(async () => {
    if (!MEDIA_HASH.test(hash)) return fail("not-found", "Image not found");
    const [covers, inline, site] = await Promise.all([
      supabase.from("posts").select("id, title").like("cover_image", `/media/${hash}/%`),
      supabase.from("posts").select("id, title").like("content", `%/media/${hash}/%`),
      siteImageUsage(supabase, `/media/${hash}/%`),
    ]);
    const error = covers.error ?? inline.error;
    if (error) return backendFailure(error.message);
    if (!site.ok) return site;
    const byId = new Map(
      [...(covers.data ?? []), ...(inline.data ?? [])].map((post) => [post.id, post]),
    );
    const posts = [...byId.values()]
      .sort((a, b) => a.id - b.id)
      .map((post) => ({ ...post, kind: "post" as const, to: `/admin/posts/${post.id}` }));
    return ok([...posts, ...site.value.map(({ url: _, ...item }) => item)]);
  });
}

/** What the library edits of an image: its alt texts and its decorative mark. */
export type AltChanges = Pick<
  Database["public"]["Tables"]["media"]["Update"],
  "alt" | "alt_translations" | "decorative"
>;

export function updateAlt(
  supabase: AppSupabase,
  hash: string,
  changes: AltChanges,
): Promise<Result<string>> {
  return guarded(async () => {
    const { data, error } = await supabase
      .from("media")
      .update(changes)
      .eq("hash", hash)
      .select("hash");
    if (error) return backendFailure(error.message);
    return data?.length ? ok(hash) : fail("not-found", "Image not found");
  });
}

/** Deletes an image and its variants, unless a post still uses it (conflict: which ones). */
export function deleteImage(supabase: AppSupabase, hash: string): Promise<Result<string>> {
  return guarded(async () => {
    const usage = await mediaUsage(supabase, hash);
    if (!usage.ok) return usage;
    if (usage.value.length) {
      const titles = usage.value.map((item) => `${KIND_NOUN[item.kind]} “${item.title}”`);
      return fail(
        "conflict",
        `${MEDIA_MESSAGES.inUse} by ${titles.join(", ")}. Choose another image there first.`,
      );
    }
    const { data, error } = await supabase.from("media").delete().eq("hash", hash).select("hash");
    if (error) return backendFailure(error.message);
    if (!data?.length) return fail("not-found", "Image not found");
    const removed = await supabase.storage.from(MEDIA_BUCKET).remove(allKeysOf(hash));
    if (removed.error) return backendFailure(removed.error.message);
    return ok(hash);
  });
}
