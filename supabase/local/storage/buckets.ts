/**
 * /storage/v1/bucket routes (storage-js StorageBucketApi): list, get, create, update, empty,
 * delete. They run as the caller, so with hosted Storage's default — RLS on storage.buckets and
 * no policy — only the service role manages buckets; migrations insert rows directly.
 */
import type { BackendContext } from "../context.ts";
import type { Caller } from "./access.ts";
import { asCaller } from "./access.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";

export interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const COLUMNS =
  "id, name, owner, public, type, file_size_limit, allowed_mime_types, created_at, updated_at";
const SORTABLE = new Set(["id", "name", "created_at", "updated_at"]);
const VALID_NAME = /^[\w!.*'() &$@=;:+,?-]+$/;
const UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 };

/** The bucket's access and limits, read as the superuser (storage's `asSuperUser().findBucket`). */
export async function findBucket(ctx: BackendContext, id: string): Promise<BucketLimits | null> {
  const { rows } = await ctx.db.query<BucketLimits>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** `file_size_limit` as a number of bytes: an integer or "20GB" / "20MB" / "30KB" / "3B". */
function parseSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  const match = typeof value === "string" ? /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)$/i.exec(value) : null;
  if (!match?.[1] || !match[2]) {
    throw new StorageError(
      400,
      "InvalidRequest",
      "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    );
  }
  return Math.round(Number(match[1]) * (UNITS[match[2].toUpperCase()] ?? 1));
}

function mimeList(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) {
    throw storageErrors.invalidRequest("allowed_mime_types must be an array of strings");
  }
  const list = (value as string[]).filter(Boolean);
  return list.length ? list : null;
}

async function run<T>(ctx: BackendContext, caller: Caller, sql: string, params: unknown[]) {
  try {
    return await asCaller(ctx, caller, async (tx) => (await tx.query<T>(sql, params)).rows);
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
}

export async function listBuckets(ctx: BackendContext, caller: Caller, query: URLSearchParams) {
  const column = query.get("sortColumn") ?? "name";
  const order = query.get("sortOrder") === "desc" ? "desc" : "asc";
  const limit = Number(query.get("limit") ?? "") || null;
  const offset = Number(query.get("offset") ?? "") || 0;
  const search = query.get("search") ?? "";
  return run(
    ctx,
    caller,
    `select ${COLUMNS} from storage.buckets where name ilike '%' || $1 || '%'
      order by ${SORTABLE.has(column) ? column : "name"} ${order} limit $2 offset $3`,
    [search.replace(/[\\%_]/g, "\\$&"), limit, offset],
  );
}

export async function getBucket(ctx: BackendContext, caller: Caller, id: string) {
  const rows = await run(ctx, caller, `select ${COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return rows[0];
}

export async function createBucket(
  ctx: BackendContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  const name = typeof body.name === "string" ? body.name : undefined;
  if (!name) throw storageErrors.missingParameter("name");
  const id = typeof body.id === "string" && body.id ? body.id : name;
  if (!VALID_NAME.test(id) || id.length > 100 || id.trim() !== id)
    throw storageErrors.invalidBucketName();
  await run(
    ctx,
    caller,
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3::uuid, $3::text, $4, $5, $6)`,
    [
      id,
      name,
      caller.owner ?? null,
      body.public === true,
      parseSizeLimit(body.file_size_limit) ?? null,
      mimeList(body.allowed_mime_types) ?? null,
    ],
  );
  return { name };
}

export async function updateBucket(
  ctx: BackendContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  const size = parseSizeLimit(body.file_size_limit);
  const mimes = mimeList(body.allowed_mime_types);
  const rows = await run(
    ctx,
    caller,
    `update storage.buckets set
        public = coalesce($2, public),
        file_size_limit = case when $3 then $4 else file_size_limit end,
        allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
        updated_at = now()
      where id = $1 returning id`,
    [
      id,
      typeof body.public === "boolean" ? body.public : null,
      size !== undefined,
      size ?? null,
      mimes !== undefined,
      mimes ?? null,
    ],
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return { message: "Successfully updated" };
}

export async function emptyBucket(
  ctx: BackendContext,
  caller: Caller,
  files: FileStore,
  id: string,
) {
  await getBucket(ctx, caller, id);
  const removed = await run<{ version: string | null }>(
    ctx,
    caller,
    "delete from storage.objects where bucket_id = $1 returning version",
    [id],
  );
  await files.remove(removed.map((row) => row.version));
  return { message: "Successfully emptied" };
}

export async function deleteBucket(ctx: BackendContext, caller: Caller, id: string) {
  const { rows } = await ctx.db.query(
    "select 1 from storage.objects where bucket_id = $1 limit 1",
    [id],
  );
  if (rows.length) throw storageErrors.bucketNotEmpty();
  const deleted = await run(ctx, caller, "delete from storage.buckets where id = $1 returning id", [
    id,
  ]);
  if (!deleted[0]) throw storageErrors.noSuchBucket();
  return { message: "Successfully deleted" };
}
