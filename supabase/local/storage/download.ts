/**
 * Reading objects: GET/HEAD of `/object/{bucket}/{key}` (any token; public buckets are read as
 * the superuser, private ones through RLS), `/object/authenticated/…` (a valid token required),
 * `/object/public/…` (public buckets only), `/object/sign/…?token=` (signed URLs) and
 * `/object/info/…` (JSON). Responses carry the stored Content-Type as the bucket allows it
 * (content-type.ts), ETag, Last-Modified and Cache-Control, honour If-None-Match /
 * If-Modified-Since (304) and single byte ranges (206).
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult, type ResultHeaders } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { asCaller, type Caller } from "./access.ts";
import { findBucket } from "./buckets.ts";
import { servedContentType } from "./content-type.ts";
import { storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  owner: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export const OBJECT_COLUMNS =
  "id, name, bucket_id, version, owner, metadata, user_metadata, created_at, updated_at, last_accessed_at";

/** An object as it is read: its row and the Content-Type its bucket lets it be served as. */
export interface FoundObject extends ObjectRow {
  contentType: string;
}

/** How the object is reached: decides which caller may read it. */
export type Access = "any" | "authenticated" | "public" | "superuser";

/** The object row, looked up the way storage's routes do (RLS unless the bucket is public). */
export async function findObject(
  ctx: BackendContext,
  caller: Caller,
  bucketId: string,
  key: string,
  access: Access,
): Promise<FoundObject> {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  if (access === "public" && !bucket.public) throw storageErrors.noSuchBucket();
  if (access === "any" && !caller.authenticated && !bucket.public)
    throw storageErrors.noSuchBucket();
  const sql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
  const rows =
    bucket.public || access === "superuser"
      ? (await ctx.db.query<ObjectRow>(sql, [bucketId, key])).rows
      : await asCaller(
          ctx,
          caller,
          async (tx) => (await tx.query<ObjectRow>(sql, [bucketId, key])).rows,
        );
  const row = rows[0];
  if (!row) throw storageErrors.noSuchKey();
  return {
    ...row,
    contentType: servedContentType(row.metadata?.mimetype, bucket.allowed_mime_types),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → an inclusive range; null when absent or multi-range. */
export function parseRange(header: string | undefined, size: number) {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return { start, end, satisfiable: start <= end && start < size };
}

function notModified(
  request: ApiRequest,
  eTag: string | undefined,
  lastModified: Date | undefined,
) {
  const ifNoneMatch = request.header("if-none-match");
  if (ifNoneMatch && eTag)
    return ifNoneMatch.split(",").some((tag) => tag.trim() === eTag || tag.trim() === "*");
  const since = Date.parse(request.header("if-modified-since") ?? "");
  return Boolean(
    lastModified &&
      !Number.isNaN(since) &&
      Math.floor(lastModified.getTime() / 1000) * 1000 <= since,
  );
}

/** The object's bytes as a stream (only its headers for HEAD). */
export async function objectResult(
  request: ApiRequest,
  files: FileStore,
  row: FoundObject,
  download?: string | null,
): Promise<ApiResult> {
  const meta = row.metadata ?? {};
  const eTag = text(meta.eTag);
  const modified = text(meta.lastModified) ?? row.updated_at;
  const lastModified = modified ? new Date(modified) : undefined;
  const size = row.version ? await files.size(row.version) : 0;
  const headers: ResultHeaders = {
    "Accept-Ranges": "bytes",
    "Content-Type": row.contentType,
    "X-Robots-Tag": "none",
  };
  if (eTag) headers.ETag = eTag;
  if (lastModified && !Number.isNaN(lastModified.getTime()))
    headers["Last-Modified"] = lastModified.toUTCString();
  if (text(meta.cacheControl)) headers["Cache-Control"] = text(meta.cacheControl);
  if (download !== undefined && download !== null) {
    const name = encodeURIComponent(download);
    headers["Content-Disposition"] =
      download === "" ? "attachment;" : `attachment; filename=${name}; filename*=UTF-8''${name}`;
  }
  if (notModified(request, eTag, lastModified)) return { status: 304, headers };
  const range = parseRange(request.header("range"), size);
  if (range && !range.satisfiable) {
    const error = storageErrors.invalidRange();
    return jsonResult(error.httpStatus, error.body(), { "Content-Range": `bytes */${size}` });
  }
  const part = range ?? { start: 0, end: size - 1 };
  headers["Content-Length"] = Math.max(0, part.end - part.start + 1);
  if (range) headers["Content-Range"] = `bytes ${part.start}-${part.end}/${size}`;
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || size === 0 || !row.version) return { status, headers };
  return { status, headers, raw: files.read(row.version, part) };
}

/** `/object/info/…`: the object as JSON (storage-js `info()`). */
export function objectInfo(row: FoundObject) {
  const meta = row.metadata ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: row.contentType,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}
