/**
 * `/storage/v1/bucket…` as hosted Storage routes it (src/http/routes/bucket): every route runs
 * as the caller its bearer token names.
 */
import type { ApiResult } from "../api-result.ts";
import { route } from "../route-table.ts";
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from "./buckets.ts";
import { answered, type CallerCall, jsonBody, type StorageRoute } from "./calls.ts";
import { storageErrors } from "./errors.ts";

const id = ({ params }: CallerCall) => params.id ?? "";

const list = ({ ctx, caller, request }: CallerCall) => listBuckets(ctx, caller, request.query);
const get = (call: CallerCall) => getBucket(call.ctx, call.caller, id(call));
const create = async ({ ctx, caller, request }: CallerCall) =>
  createBucket(ctx, caller, await jsonBody(request));
const empty = (call: CallerCall) => emptyBucket(call.ctx, call.caller, call.files, id(call));
const update = async (call: CallerCall) =>
  updateBucket(call.ctx, call.caller, id(call), await jsonBody(call.request));
const remove = (call: CallerCall) => deleteBucket(call.ctx, call.caller, id(call));

/** Storage names the bare collection `/bucket/` in its answer. */
async function routeNotFound({ request }: CallerCall): Promise<ApiResult> {
  const path = request.path === "/bucket" ? "/bucket/" : request.path;
  throw storageErrors.notFoundRoute(request.method, path);
}

/**
 * Tried in order. An empty id (`/bucket/`, `/bucket//…`) names the collection as `/bucket` does,
 * and the segments after an id and its action are not read: both as before this table.
 */
export const BUCKET_ROUTES: readonly StorageRoute[] = [
  route("GET", "/bucket", "caller", answered(list)),
  route("POST", "/bucket", "caller", answered(create)),
  route("GET", "/bucket//*", "caller", answered(list)),
  route("POST", "/bucket//*", "caller", answered(create)),
  route("*", "/bucket//*", "caller", routeNotFound),
  route("GET", "/bucket/:id/*", "caller", answered(get)),
  route("POST", "/bucket/:id/empty/*", "caller", answered(empty)),
  route("PUT", "/bucket/:id/*", "caller", answered(update)),
  route("DELETE", "/bucket/:id/*", "caller", answered(remove)),
  route("*", "/bucket/*", "caller", routeNotFound),
];
