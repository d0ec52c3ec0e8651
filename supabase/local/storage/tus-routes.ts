/**
 * `/storage/v1/upload/resumable` — resumable uploads with the tus protocol 1.0.0, as hosted
 * Storage offers them (src/http/routes/tus in supabase/storage, on @tus/server):
 *
 * - `POST /upload/resumable` creates an upload: `Upload-Length` (at most the bucket's limit,
 *   50 MB at most: else 413), `Upload-Metadata` with `bucketName`, `objectName`, optionally
 *   `contentType`, `cacheControl` and `metadata` (JSON), `x-upsert: true` to replace. The bucket
 *   must exist (404), the type must be one it allows (415), and the caller's JWT must pass the
 *   same RLS on storage.objects a plain upload passes (403; 409 when the object exists and
 *   upsert was not asked). Answers 201 with `Location: …/upload/resumable/<id>`, the id being
 *   base64url(`bucket/object/version`). A body of `application/offset+octet-stream` is the
 *   first bytes (creation-with-upload).
 * - `HEAD /upload/resumable/<id>`: `Upload-Offset` (bytes kept so far) and `Upload-Length`.
 * - `PATCH /upload/resumable/<id>` with `Upload-Offset` equal to the server's (else 409) and
 *   `Content-Type: application/offset+octet-stream` (else 415) appends the body, streamed to
 *   disk; bytes past `Upload-Length` are refused (413). The permission is asked again. When the
 *   last byte arrives the object is stored and its row committed (`Tus-Complete: 1`).
 * - `DELETE /upload/resumable/<id>` drops an unfinished upload (termination).
 *
 * Errors are plain text with their own status, as @tus/server answers them. Unlike hosted
 * Storage, an upload is continued only by the caller who created it (another token's HEAD or
 * PATCH is 404), and it expires an hour after creation (410, then swept: tus-store.ts).
 *
 * Also unlike hosted Storage, a person keeps at most 5 unfinished uploads at a time (each may
 * hold 50 MB of disk for an hour): a sixth creation is 429, plain text as Storage's rate limits
 * answer, with `Retry-After` (seconds until the first of them expires). Finishing, terminating
 * or the expiry of one frees its place. Callers without a user id share one allowance, except
 * the service role (a server's own key), which is not counted.
 */
import type { ApiRequest } from "../api-request.ts";
import type { ApiResult } from "../api-result.ts";
import { route } from "../route-table.ts";
import type { Caller } from "./access.ts";
import { findBucket } from "./buckets.ts";
import type { CallerCall, StorageRoute } from "./calls.ts";
import { storedContentType } from "./content-type.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import { TusHolderFull, type TusStore, type TusUpload, tusStoreOf } from "./tus-store.ts";
import {
  assertValidKey,
  checkPermission,
  commitRow,
  parseUserMetadata,
  sizeLimit,
  type UploadMode,
} from "./upload.ts";

const TUS_VERSION = "1.0.0";
const OFFSET_TYPE = "application/offset+octet-stream";
const BASE = "/upload/resumable";

/** A tus refusal: plain text, its own status. */
class TusError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

const tusErrors = {
  version: () => new TusError(412, "Unsupported version"),
  length: () => new TusError(412, "Upload-Length or Upload-Defer-Length header required"),
  metadata: () => new TusError(400, "Upload-Metadata header is invalid"),
  maxSize: () => new TusError(413, "Maximum size exceeded"),
  sizeExceeded: () => new TusError(413, "upload's size exceeded"),
  missingOffset: () => new TusError(403, "Upload-Offset header required"),
  contentType: () => new TusError(415, "Content-Type header is invalid"),
  notFound: () => new TusError(404, "The file for this url was not found"),
  gone: () => new TusError(410, "The file for this url no longer exists"),
  conflict: () => new TusError(409, "Upload-Offset conflict"),
  holderFull: (retryAfterMs: number) =>
    new TusError(
      429,
      "Too many unfinished uploads: finish or terminate one, or retry when one expires",
      { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    ),
};

/** Whom an upload counts against: the person; callers without one together; never the service role. */
const holderOf = (caller: Caller): string | null =>
  caller.role === "service_role" ? null : (caller.owner ?? "anonymous");

const tusHeaders = (extra: Record<string, string | number> = {}) => ({
  "Tus-Resumable": TUS_VERSION,
  ...extra,
});

/** `key base64,key2 base64` → values as UTF-8 text; null when malformed. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | null {
  const values: Record<string, string> = {};
  if (!header?.trim()) return values;
  for (const pair of header.split(",")) {
    const [key, encoded = "", extra] = pair.trim().split(" ");
    if (!key || extra !== undefined || !/^[A-Za-z0-9+/=]*$/.test(encoded)) return null;
    values[key] = Buffer.from(encoded, "base64").toString("utf8");
  }
  return values;
}

const nonNegative = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : null;

const uploadId = (upload: Pick<TusUpload, "bucketId" | "objectName" | "version">) =>
  Buffer.from(`${upload.bucketId}/${upload.objectName}/${upload.version}`, "utf8").toString(
    "base64url",
  );

/** The version an id names, with the bucket and object it must belong to. */
function parseId(id: string) {
  const decoded = Buffer.from(id, "base64url").toString("utf8");
  const cut = decoded.lastIndexOf("/");
  const first = decoded.indexOf("/");
  if (cut <= first || first < 1) return null;
  return {
    bucketId: decoded.slice(0, first),
    objectName: decoded.slice(first + 1, cut),
    version: decoded.slice(cut + 1),
  };
}

function locationOf(request: ApiRequest, id: string): string {
  const proto = request.header("x-forwarded-proto") ?? "http";
  const host = request.header("x-forwarded-host") ?? request.header("host") ?? "localhost";
  return `${proto}://${host}/storage/v1${BASE}/${id}`;
}

function checkVersion(request: ApiRequest) {
  if (request.header("tus-resumable") !== TUS_VERSION) throw tusErrors.version();
}

const modeOf = (upload: Pick<TusUpload, "upsert">): UploadMode =>
  upload.upsert ? "upsert" : "create";

/** The caller's own upload that an id names, still open. */
async function ownUpload(store: TusStore, caller: Caller, id: string): Promise<TusUpload> {
  const named = parseId(id);
  const upload = named ? await store.find(named.version) : null;
  if (
    !upload ||
    !named ||
    upload.bucketId !== named.bucketId ||
    upload.objectName !== named.objectName ||
    upload.owner !== (caller.owner ?? null)
  ) {
    throw tusErrors.notFound();
  }
  if (store.isExpired(upload)) throw tusErrors.gone();
  return upload;
}

/** Stores a finished upload as the object (row committed as the caller's own upload would be). */
async function complete(call: CallerCall, store: TusStore, upload: TusUpload) {
  const { ctx, files, caller } = call;
  const stored = await store.finish(upload, files);
  let committed: { replaced: string | null };
  try {
    committed = await commitRow(
      ctx,
      caller,
      modeOf(upload),
      { bucketId: upload.bucketId, key: upload.objectName },
      stored,
      {
        mimetype: upload.contentType,
        cacheControl: upload.cacheControl,
        userMetadata: upload.userMetadata,
      },
    );
  } catch (error) {
    await files.remove([stored.version]);
    await store.remove(upload.version);
    throw error;
  }
  await files.remove([committed.replaced]);
}

/**
 * Appends the request's body at `offset` as the upload's one writer, after the permission
 * test; completes the upload on its last byte. The new offset, and whether it completed.
 */
async function receive(call: CallerCall, store: TusStore, upload: TusUpload, offset: number) {
  const { ctx, caller, request } = call;
  const declared = nonNegative(request.header("content-length"));
  if (declared !== null && offset + declared > upload.length) throw tusErrors.sizeExceeded();
  const body = request.stream();
  return store.exclusive(
    upload.version,
    () => body.destroy(),
    async () => {
      if ((await store.offset(upload.version)) !== offset) throw tusErrors.conflict();
      await checkPermission(ctx, caller, modeOf(upload), upload.bucketId, upload.objectName);
      const reached = await store.append(upload, offset, body, tusErrors.sizeExceeded);
      if (reached === upload.length) await complete(call, store, upload);
      return { reached, done: reached === upload.length };
    },
  );
}

const expires = (upload: TusUpload) => new Date(upload.expiresAt).toUTCString();

async function create(call: CallerCall): Promise<ApiResult> {
  const { ctx, files, request, caller } = call;
  checkVersion(request);
  const length = nonNegative(request.header("upload-length"));
  if (length === null) throw tusErrors.length();
  const metadata = parseUploadMetadata(request.header("upload-metadata"));
  if (!metadata) throw tusErrors.metadata();
  const bucketId = metadata.bucketName ?? "";
  const objectName = metadata.objectName ?? "";
  assertValidKey(objectName);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  if (length > sizeLimit(bucket)) throw tusErrors.maxSize();
  const contentType = storedContentType(
    metadata.contentType || "application/octet-stream",
    bucket.allowed_mime_types,
  );
  const upsert = request.header("x-upsert") === "true";
  await checkPermission(ctx, caller, upsert ? "upsert" : "create", bucketId, objectName);
  const cacheControl = /^-?\d+$/.test(metadata.cacheControl ?? "")
    ? `max-age=${metadata.cacheControl}`
    : "no-cache";
  const store = tusStoreOf(files);
  const upload = await store
    .create({
      bucketId,
      objectName,
      length,
      rawMetadata: request.header("upload-metadata") ?? "",
      contentType,
      cacheControl,
      userMetadata: metadata.metadata ? parseUserMetadata(metadata.metadata) : null,
      owner: caller.owner ?? null,
      holder: holderOf(caller),
      upsert,
    })
    .catch((error: unknown) => {
      throw error instanceof TusHolderFull ? tusErrors.holderFull(error.retryAfterMs) : error;
    });
  const headers = tusHeaders({
    Location: locationOf(request, uploadId(upload)),
    "Upload-Expires": expires(upload),
  });
  const withData = request.header("content-type")?.toLowerCase() === OFFSET_TYPE;
  if (withData || length === 0) {
    const { reached, done } = await receive(call, store, upload, 0);
    Object.assign(headers, { "Upload-Offset": reached }, done ? { "Tus-Complete": "1" } : {});
  }
  return { status: 201, headers };
}

async function head(call: CallerCall): Promise<ApiResult> {
  checkVersion(call.request);
  const store = tusStoreOf(call.files);
  const upload = await ownUpload(store, call.caller, call.params.id ?? "");
  return {
    status: 200,
    headers: tusHeaders({
      "Upload-Offset": await store.offset(upload.version),
      "Upload-Length": upload.length,
      ...(upload.rawMetadata ? { "Upload-Metadata": upload.rawMetadata } : {}),
      "Upload-Expires": expires(upload),
      "Cache-Control": "no-store",
    }),
  };
}

async function patch(call: CallerCall): Promise<ApiResult> {
  const { request } = call;
  checkVersion(request);
  if (request.header("content-type")?.toLowerCase() !== OFFSET_TYPE) throw tusErrors.contentType();
  const offset = nonNegative(request.header("upload-offset"));
  if (offset === null) throw tusErrors.missingOffset();
  const store = tusStoreOf(call.files);
  const upload = await ownUpload(store, call.caller, call.params.id ?? "");
  const { reached, done } = await receive(call, store, upload, offset);
  return {
    status: 204,
    headers: tusHeaders({
      "Upload-Offset": reached,
      ...(done ? { "Tus-Complete": "1" } : { "Upload-Expires": expires(upload) }),
    }),
  };
}

async function terminate(call: CallerCall): Promise<ApiResult> {
  checkVersion(call.request);
  const store = tusStoreOf(call.files);
  const upload = await ownUpload(store, call.caller, call.params.id ?? "");
  await store.exclusive(
    upload.version,
    () => {},
    () => store.remove(upload.version),
  );
  return { status: 204, headers: tusHeaders() };
}

/** A thrown error as the plain-text answer @tus/server gives (Storage's own errors included). */
function tusAnswer(request: ApiRequest, caught: unknown, log: (line: string) => void): ApiResult {
  let status = 500;
  let message = "Something went wrong with that request";
  let extra: Record<string, string> = {};
  if (caught instanceof TusError) {
    [status, message, extra] = [caught.status, caught.message, caught.headers];
  } else {
    const error = caught instanceof StorageError ? caught : fromDatabaseError(caught);
    if (error) [status, message] = [error.statusCode, error.message];
    else if (!request.bodyEnded()) [status, message] = [400, "The request body was cut off"];
    else log(`[storage] tus ${request.method} failed: ${(caught as Error)?.stack ?? caught}`);
  }
  return {
    status,
    headers: tusHeaders({
      "Content-Type": "text/plain; charset=utf-8",
      ...(status === 412 ? { "Tus-Version": TUS_VERSION } : {}),
      ...extra,
      ...(request.bodyEnded() ? {} : { Connection: "close" }),
    }),
    raw: request.method === "HEAD" ? undefined : `${message}\n`,
  };
}

const answered =
  (handle: (call: CallerCall) => Promise<ApiResult>) =>
  async (call: CallerCall): Promise<ApiResult> => {
    try {
      return await handle(call);
    } catch (caught) {
      return tusAnswer(call.request, caught, call.ctx.log);
    }
  };

export const TUS_ROUTES: readonly StorageRoute[] = [
  route("POST", BASE, "caller", answered(create)),
  route("HEAD", `${BASE}/:id`, "caller", answered(head)),
  route("PATCH", `${BASE}/:id`, "caller", answered(patch)),
  route("DELETE", `${BASE}/:id`, "caller", answered(terminate)),
];
