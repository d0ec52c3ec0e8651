/**
 * Object uploads: POST (create, or upsert with `x-upsert: true`), PUT (replace an existing
 * object) and PUT to a signed upload URL. Order of checks, as hosted Storage: key → bucket →
 * declared size and MIME type against the bucket (stored without parameters: content-type.ts)
 * → permission (the row is written as the caller and rolled back, so RLS and the unique key
 * answer before any byte is stored) → the body is streamed to disk within the limit → the row
 * is committed as the superuser.
 */
import { Readable } from "node:stream";
import type { ApiRequest } from "../api-request.ts";
import type { BackendContext } from "../context.ts";
import { type Caller, testPermission } from "./access.ts";
import { type BucketLimits, findBucket } from "./buckets.ts";
import { storedContentType } from "./content-type.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import type { FileStore, StoredFile } from "./files.ts";

/** Hosted Storage's global upload limit (FILE_SIZE_LIMIT default, 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for the multipart framing and the small fields storage-js adds. */
const MULTIPART_OVERHEAD = 64 * 1024;
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export type UploadMode = "create" | "upsert" | "update";

export function assertValidKey(key: string): void {
  if (!key || key.length > 1024 || !VALID_KEY.test(key)) throw storageErrors.invalidKey(key);
}

export function sizeLimit(bucket: BucketLimits): number {
  const own = bucket.file_size_limit;
  return own && own > 0 ? Math.min(own, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT;
}

/** What a stored object's row says of it besides its bytes. */
export interface StoredDescription {
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

interface IncomingFile extends StoredDescription {
  body: AsyncIterable<Uint8Array>;
}

export function parseUserMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {}
  throw storageErrors.invalidRequest("Invalid metadata");
}

/** A Web stream of the request body that fails once more than `limit` bytes arrived. */
function boundedBody(request: ApiRequest, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(storageErrors.tooLarge());
      else controller.enqueue(chunk);
    },
  });
  return (Readable.toWeb(request.stream()) as ReadableStream<Uint8Array>).pipeThrough(counter);
}

/** The file of the request: a raw body, or the one file of a multipart form (storage-js Blob uploads). */
async function incomingFile(request: ApiRequest, limit: number): Promise<IncomingFile> {
  const header = request.header;
  const type = header("content-type") ?? "application/octet-stream";
  const declared = Number(header("content-length") ?? Number.NaN);
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    if (declared > limit) throw storageErrors.tooLarge();
    return {
      body: request.stream(),
      mimetype: type.trim(),
      cacheControl: header("cache-control") ?? "no-cache",
      userMetadata: parseUserMetadata(
        header("x-metadata") && Buffer.from(header("x-metadata") ?? "", "base64").toString("utf8"),
      ),
    };
  }
  if (declared > limit + MULTIPART_OVERHEAD) throw storageErrors.tooLarge();
  let form: FormData;
  try {
    form = await new Response(boundedBody(request, limit + MULTIPART_OVERHEAD), {
      headers: { "Content-Type": type },
    }).formData();
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw storageErrors.invalidRequest("The multipart body could not be read");
  }
  const file = [...form.values()].find((value): value is File => typeof value !== "string");
  if (!file) throw storageErrors.invalidRequest("No content provided");
  const cacheControl = form.get("cacheControl");
  const metadata = form.get("metadata");
  return {
    body: file.stream() as unknown as AsyncIterable<Uint8Array>,
    mimetype: file.type || "application/octet-stream",
    cacheControl: typeof cacheControl === "string" ? `max-age=${cacheControl}` : "no-cache",
    userMetadata: parseUserMetadata(typeof metadata === "string" ? metadata : null),
  };
}

/** The permission test each mode needs (statements run as the caller, then rolled back). */
function permissionStatement(mode: UploadMode): string {
  if (mode === "update") {
    return `update storage.objects set version = $3, updated_at = now()
              where bucket_id = $1 and name = $2 returning id`;
  }
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version)
                  values ($1, $2, $4::uuid, $4::text, $3)`;
  return mode === "upsert"
    ? `${insert} on conflict (bucket_id, name) do update set version = excluded.version returning id`
    : `${insert} returning id`;
}

export async function checkPermission(
  ctx: BackendContext,
  caller: Caller,
  mode: UploadMode,
  bucketId: string,
  key: string,
): Promise<void> {
  try {
    const rows = await testPermission(ctx, caller, async (tx) => {
      const params = [bucketId, key, "0", ...(mode === "update" ? [] : [caller.owner ?? null])];
      const result = await tx.query(permissionStatement(mode), params);
      return result.rows;
    });
    if (mode === "update" && !(rows as unknown[]).length) throw storageErrors.noSuchKey();
  } catch (error) {
    throw fromDatabaseError(error) ?? error;
  }
}

/** Commits the row for a stored file; returns the row id and the version it replaced. */
export async function commitRow(
  ctx: BackendContext,
  caller: Caller,
  mode: UploadMode,
  target: { bucketId: string; key: string },
  stored: StoredFile,
  file: StoredDescription,
): Promise<{ id: string; replaced: string | null }> {
  const metadata = {
    eTag: stored.eTag,
    size: stored.size,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  };
  return ctx.db.transaction(async (tx) => {
    const current = await tx.query<{ version: string | null }>(
      "select version from storage.objects where bucket_id = $1 and name = $2 for update",
      [target.bucketId, target.key],
    );
    const existing = current.rows[0];
    if (existing && mode === "create") throw storageErrors.duplicate();
    if (!existing && mode === "update") throw storageErrors.noSuchKey();
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
       on conflict (bucket_id, name) do update set
         version = excluded.version, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, owner = excluded.owner,
         owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
       returning id`,
      [
        target.bucketId,
        target.key,
        caller.owner ?? null,
        stored.version,
        metadata,
        file.userMetadata,
      ],
    );
    return { id: rows[0]?.id ?? "", replaced: existing?.version ?? null };
  });
}

/** Handles one upload; answers `{ Id, Key }` like hosted Storage. */
export async function uploadObject(
  ctx: BackendContext,
  files: FileStore,
  request: ApiRequest,
  caller: Caller,
  mode: UploadMode,
  bucketId: string,
  key: string,
): Promise<{ Id: string; Key: string }> {
  assertValidKey(key);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  const limit = sizeLimit(bucket);
  const incoming = await incomingFile(request, limit);
  const file = {
    ...incoming,
    mimetype: storedContentType(incoming.mimetype, bucket.allowed_mime_types),
  };
  await checkPermission(ctx, caller, mode, bucketId, key);
  const stored = await files.write(file.body, limit);
  let committed: { id: string; replaced: string | null };
  try {
    committed = await commitRow(ctx, caller, mode, { bucketId, key }, stored, file);
  } catch (error) {
    await files.remove([stored.version]);
    throw fromDatabaseError(error) ?? error;
  }
  await files.remove([committed.replaced]);
  return { Id: committed.id, Key: `${bucketId}/${key}` };
}
