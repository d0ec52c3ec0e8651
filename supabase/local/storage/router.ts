/**
 * /storage/v1 — the subset of supabase/storage that storage-js calls (see supabase/local/README.md, Storage),
 * as tables of handlers (object-routes.ts, and the bucket routes below). Errors are answered as
 * hosted Storage renders them (errors.ts); an upload refused before its body was read closes
 * the connection instead of reading the rest.
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError } from "../http.ts";
import { resolveCaller } from "./access.ts";
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from "./buckets.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";
import { jsonBody, objectRoute, type StorageCall } from "./object-routes.ts";

/** A bucket route: `/bucket[/{id}[/{action}]]`, matched on the decoded id and action. */
type BucketRoute = [
  method: string,
  matches: (id: string, action: string | undefined) => boolean,
  handle: (call: StorageCall, id: string) => Promise<unknown>,
];

const BUCKET_ROUTES: BucketRoute[] = [
  ["GET", (id) => !id, ({ ctx, caller, request }) => listBuckets(ctx, caller, request.query)],
  ["GET", () => true, ({ ctx, caller }, id) => getBucket(ctx, caller, id)],
  [
    "POST",
    (id) => !id,
    async ({ ctx, caller, request }) => createBucket(ctx, caller, await jsonBody(request)),
  ],
  [
    "POST",
    (_id, action) => action === "empty",
    ({ ctx, caller, files }, id) => emptyBucket(ctx, caller, files, id),
  ],
  [
    "PUT",
    (id) => Boolean(id),
    async ({ ctx, caller, request }, id) => updateBucket(ctx, caller, id, await jsonBody(request)),
  ],
  ["DELETE", (id) => Boolean(id), ({ ctx, caller }, id) => deleteBucket(ctx, caller, id)],
];

async function bucketRoute(
  ctx: BackendContext,
  files: FileStore,
  request: ApiRequest,
  rest: string,
): Promise<ApiResult> {
  const caller = await resolveCaller(ctx, request);
  const [id = "", action] = rest.split("/").map((part) => decodeURIComponent(part));
  const route = BUCKET_ROUTES.find(
    ([method, matches]) => method === request.method && matches(id, action),
  );
  if (!route) throw storageErrors.notFoundRoute(request.method, `/bucket/${rest}`);
  return jsonResult(200, await route[2]({ ctx, files, request, rest, caller }, id));
}

function route(ctx: BackendContext, files: FileStore, request: ApiRequest): Promise<ApiResult> {
  const { path } = request;
  if (path.startsWith("/object/")) {
    return objectRoute(ctx, files, request, path.slice("/object/".length));
  }
  if (path === "/bucket" || path.startsWith("/bucket/")) {
    return bucketRoute(ctx, files, request, path.slice("/bucket".length).replace(/^\//, ""));
  }
  throw storageErrors.notFoundRoute(request.method, path);
}

function toStorageError(ctx: BackendContext, request: ApiRequest, caught: unknown): StorageError {
  if (caught instanceof StorageError) return caught;
  if (caught instanceof BodyTooLargeError) return storageErrors.tooLarge();
  if (caught instanceof URIError) return storageErrors.invalidKey(request.path);
  const error = fromDatabaseError(caught) ?? storageErrors.internal();
  if (error.statusCode >= 500) {
    ctx.log(
      `[storage] ${request.method} ${request.path} failed: ${caught instanceof Error ? caught.stack : caught}`,
    );
  }
  return error;
}

/** Objects, their info and errors alike: a browser never sniffs another type (content-type.ts). */
const NOSNIFF = { "X-Content-Type-Options": "nosniff" };

/** Answers a request below /storage/v1 (`request.path` is the part after it). */
export async function handleStorage(
  request: ApiRequest,
  ctx: BackendContext,
  files: FileStore,
): Promise<ApiResult> {
  try {
    const result = await route(ctx, files, request);
    return { ...result, headers: { ...NOSNIFF, ...result.headers } };
  } catch (caught) {
    const error = toStorageError(ctx, request, caught);
    // A body left unread (refused upload) is not read to its end: the connection closes.
    const close = request.bodyEnded() ? {} : { Connection: "close" };
    return jsonResult(error.httpStatus, error.body(), { ...NOSNIFF, ...close });
  }
}
