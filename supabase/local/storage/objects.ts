/**
 * Object operations other than upload and download: list (one folder level, storage's v1
 * `search`), move, copy, remove, and signed download/upload URLs. Everything runs as the caller,
 * so RLS on storage.objects decides (a row the caller may not see is "not found").
 */
import type { BackendContext } from "../context.ts";
import { asCaller, type Caller, testPermission } from "./access.ts";
import { findBucket } from "./buckets.ts";
import { OBJECT_COLUMNS, type ObjectRow } from "./download.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";
import { assertValidKey } from "./upload.ts";

const SORT_COLUMNS = new Set(["name", "updated_at", "created_at", "last_accessed_at"]);
/** Hosted Storage's default expiry of signed upload URLs (2 hours). */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const MAX_EXPIRY_SECONDS = 2 ** 31 - 1;

async function asUser<T>(ctx: BackendContext, caller: Caller, sql: string, params: unknown[]) {
  try {
    return await asCaller(ctx, caller, async (tx) => (await tx.query<T>(sql, params)).rows);
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
}

const str = (value: unknown, name: string): string => {
  if (typeof value !== "string" || value === "") throw storageErrors.missingParameter(name);
  return value;
};

const likePattern = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** POST /object/list/{bucket}: folders (id null) and files directly under `prefix`. */
export async function listObjects(
  ctx: BackendContext,
  caller: Caller,
  bucketId: string,
  body: Record<string, unknown>,
) {
  let prefix = typeof body.prefix === "string" ? body.prefix : "";
  if (prefix && !prefix.endsWith("/")) prefix = `${prefix}/`;
  const level = prefix.split("/").length;
  const limit =
    Number.isInteger(body.limit) && (body.limit as number) > 0 ? (body.limit as number) : 100;
  const offset =
    Number.isInteger(body.offset) && (body.offset as number) >= 0 ? (body.offset as number) : 0;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column =
    typeof sortBy.column === "string" && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : "name";
  const order = sortBy.order === "desc" ? "desc" : "asc";
  const search = typeof body.search === "string" ? body.search : "";
  return asUser(
    ctx,
    caller,
    `with matched as (
       select o.*, o.path_tokens[$3] as entry, array_length(o.path_tokens, 1) = $3 as is_file
         from storage.objects o
        where o.bucket_id = $1 and o.name ilike $2 escape '\\'
     ), entries as (
       select distinct entry as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at,
              null::jsonb as metadata
         from matched where not is_file
       union all
       select entry, id, updated_at, created_at, last_accessed_at, metadata from matched where is_file
     )
     select * from entries order by ${column} ${order} nulls first, name ${order}
     limit $4 offset $5`,
    [bucketId, `${likePattern(prefix)}${likePattern(search)}%`, level, limit, offset],
  );
}

interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

function transfer(body: Record<string, unknown>): Transfer {
  const bucketId = str(body.bucketId, "bucketId");
  const destinationKey = str(body.destinationKey, "destinationKey");
  assertValidKey(destinationKey);
  return {
    bucketId,
    sourceKey: str(body.sourceKey, "sourceKey"),
    destinationBucket:
      typeof body.destinationBucket === "string" && body.destinationBucket
        ? body.destinationBucket
        : bucketId,
    destinationKey,
  };
}

/** POST /object/move: renames the row (the bytes stay where they are). */
export async function moveObject(
  ctx: BackendContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  const move = transfer(body);
  if (!(await findBucket(ctx, move.destinationBucket))) throw storageErrors.noSuchBucket();
  const rows = await asUser<{ id: string; name: string }>(
    ctx,
    caller,
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
      where bucket_id = $1 and name = $2 returning id, name`,
    [move.bucketId, move.sourceKey, move.destinationBucket, move.destinationKey],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return { message: "Successfully moved", Id: rows[0].id, Key: rows[0].name };
}

/** POST /object/copy: a durable copy of the bytes under a new version, then the new row. */
export async function copyObject(
  ctx: BackendContext,
  files: FileStore,
  caller: Caller,
  body: Record<string, unknown>,
) {
  const copy = transfer(body);
  if (!(await findBucket(ctx, copy.destinationBucket))) throw storageErrors.noSuchBucket();
  const [source] = await asUser<ObjectRow>(
    ctx,
    caller,
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [copy.bucketId, copy.sourceKey],
  );
  if (!source?.version) throw storageErrors.noSuchKey();
  const version = await files.copy(source.version);
  const keepMetadata = body.copyMetadata !== false;
  try {
    const [row] = await asUser<ObjectRow>(
      ctx,
      caller,
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($1, $2, $3::uuid, $3::text, $4, $5, $6) returning ${OBJECT_COLUMNS}`,
      [
        copy.destinationBucket,
        copy.destinationKey,
        caller.owner ?? null,
        version,
        source.metadata,
        keepMetadata ? source.user_metadata : (body.metadata ?? null),
      ],
    );
    return { Id: row?.id, Key: `${copy.destinationBucket}/${copy.destinationKey}`, ...row };
  } catch (error) {
    await files.remove([version]);
    throw error;
  }
}

/** DELETE /object/{bucket} `{prefixes}`: deletes what the caller may delete; answers those rows. */
export async function removeObjects(
  ctx: BackendContext,
  files: FileStore,
  caller: Caller,
  bucketId: string,
  keys: string[],
) {
  const rows = await asUser<ObjectRow>(
    ctx,
    caller,
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, keys],
  );
  await files.remove(rows.map((row) => row.version));
  return rows;
}

function expiry(value: unknown): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRY_SECONDS) {
    throw storageErrors.invalidRequest("expiresIn must be a positive integer");
  }
  return seconds;
}

async function signToken(ctx: BackendContext, claims: Record<string, unknown>, seconds: number) {
  const now = Math.floor(Date.now() / 1000);
  return ctx.keys.sign({ ...claims, iat: now, exp: now + seconds });
}

/** POST /object/sign/{bucket}/{key}: a download URL for an object the caller can see. */
export async function signDownload(
  ctx: BackendContext,
  caller: Caller,
  bucketId: string,
  key: string,
  body: Record<string, unknown>,
) {
  const seconds = expiry(body.expiresIn);
  const [row] = await asUser<{ id: string }>(
    ctx,
    caller,
    "select id from storage.objects where bucket_id = $1 and name = $2",
    [bucketId, key],
  );
  if (!row) throw storageErrors.noSuchKey();
  const url = `${bucketId}/${key}`;
  const token = await signToken(ctx, { url, scope: "download" }, seconds);
  return { signedURL: `/object/sign/${encodeURI(url)}?token=${token}` };
}

/** POST /object/sign/{bucket} `{expiresIn, paths}`: one entry per path, error for the unseen. */
export async function signDownloads(
  ctx: BackendContext,
  caller: Caller,
  bucketId: string,
  body: Record<string, unknown>,
) {
  const seconds = expiry(body.expiresIn);
  const paths = Array.isArray(body.paths)
    ? body.paths.filter((p): p is string => typeof p === "string")
    : [];
  const visible = await asUser<{ name: string }>(
    ctx,
    caller,
    "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
    [bucketId, paths],
  );
  const found = new Set(visible.map((row) => row.name));
  return Promise.all(
    paths.map(async (path) => {
      if (!found.has(path))
        return {
          error: "Either the object does not exist or you do not have access to it",
          path,
          signedURL: null,
        };
      const url = `${bucketId}/${path}`;
      const token = await signToken(ctx, { url, scope: "download" }, seconds);
      return { error: null, path, signedURL: `/object/sign/${encodeURI(url)}?token=${token}` };
    }),
  );
}

/** POST /object/upload/sign/{bucket}/{key}: a token to upload that one key for 2 hours. */
export async function signUpload(
  ctx: BackendContext,
  caller: Caller,
  bucketId: string,
  key: string,
  upsert: boolean,
) {
  assertValidKey(key);
  if (!(await findBucket(ctx, bucketId))) throw storageErrors.noSuchBucket();
  const sql = upsert
    ? `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::uuid, $3::text, '0')
       on conflict (bucket_id, name) do update set version = excluded.version`
    : "insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::uuid, $3::text, '0')";
  try {
    await testPermission(ctx, caller, (tx) => tx.query(sql, [bucketId, key, caller.owner ?? null]));
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
  const url = `${bucketId}/${key}`;
  const token = await signToken(
    ctx,
    { owner: caller.owner, url, upsert, scope: "upload" },
    UPLOAD_URL_SECONDS,
  );
  return { url: `/object/upload/sign/${encodeURI(url)}?token=${token}`, token };
}

/** The claims of a signed-URL token for `bucket/key` and `scope`, or InvalidSignature. */
export async function verifySignedToken(
  ctx: BackendContext,
  token: string | null,
  url: string,
  scope: "download" | "upload",
): Promise<{ owner?: string; upsert: boolean }> {
  if (!token) throw storageErrors.missingParameter("token");
  const verified = await ctx.keys.verify(token);
  if (!verified.ok) {
    throw verified.expired
      ? storageErrors.invalidJwt('"exp" claim timestamp check failed')
      : storageErrors.invalidJwt(verified.reason);
  }
  const claims = verified.claims;
  if (claims.url !== url || claims.scope !== scope) {
    throw new StorageError(400, "InvalidSignature", "Invalid signature");
  }
  return {
    owner: typeof claims.owner === "string" ? claims.owner : undefined,
    upsert: claims.upsert === true,
  };
}
