/**
 * /storage/v1 — the subset of supabase/storage that storage-js calls (see supabase/local/README.md,
 * Storage), as one table of routes (object-routes.ts, bucket-routes.ts). Errors are answered as
 * hosted Storage renders them (errors.ts); an upload refused before its body was read closes
 * the connection instead of reading the rest.
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError } from "../http.ts";
import { compileRoutes, type Guard, guardOf, type RouteMatch } from "../route-table.ts";
import { resolveCaller } from "./access.ts";
import { BUCKET_ROUTES } from "./bucket-routes.ts";
import type { StorageCall, StorageRoute } from "./calls.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";
import { OBJECT_ROUTES } from "./object-routes.ts";
import { TUS_ROUTES } from "./tus-routes.ts";

export const STORAGE_ROUTES: readonly StorageRoute[] = [
  ...OBJECT_ROUTES,
  ...BUCKET_ROUTES,
  ...TUS_ROUTES,
];

/** An empty segment is a value, as Storage always read it here: `/object//key` names the bucket "". */
const STORAGE_TABLE = compileRoutes(STORAGE_ROUTES, { emptyParams: true });

/** The guard of the route a request below /storage/v1 reaches (none asks for the API key). */
export const storageGuard = ({ method, path }: ApiRequest): Guard =>
  guardOf(STORAGE_TABLE.match(method, path), "open");

/** The call with its decoded params; a key that is not valid percent-encoding is InvalidKey. */
function callOf(
  match: RouteMatch<StorageRoute>,
  ctx: BackendContext,
  files: FileStore,
  request: ApiRequest,
): StorageCall {
  if (match.kind !== "found") throw storageErrors.invalidKey(request.path);
  return { ctx, files, request, params: match.params };
}

/** Matches the route, applies its guard (the caller first), then decodes the path and calls it. */
async function dispatch(ctx: BackendContext, files: FileStore, request: ApiRequest) {
  const match = STORAGE_TABLE.match(request.method, request.path);
  if (match.kind === "missed" || !match.route) {
    throw storageErrors.notFoundRoute(request.method, request.path);
  }
  const { route } = match;
  if (route.guard === "open") return route.handler(callOf(match, ctx, files, request));
  const caller = await resolveCaller(ctx, request, route.guard === "callerOrAnon");
  return route.handler({ ...callOf(match, ctx, files, request), caller });
}

function toStorageError(ctx: BackendContext, request: ApiRequest, caught: unknown): StorageError {
  if (caught instanceof StorageError) return caught;
  if (caught instanceof BodyTooLargeError) return storageErrors.tooLarge();
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
    const result = await dispatch(ctx, files, request);
    return { ...result, headers: { ...NOSNIFF, ...result.headers } };
  } catch (caught) {
    const error = toStorageError(ctx, request, caught);
    // A body left unread (refused upload) is not read to its end: the connection closes.
    const close = request.bodyEnded() ? {} : { Connection: "close" };
    return jsonResult(error.httpStatus, error.body(), { ...NOSNIFF, ...close });
  }
}
