/**
 * What a Storage route's handler receives and the shape of Storage's routes (route-table.ts):
 * `open` routes get the request and its decoded path params; `caller` and `callerOrAnon` routes
 * also get the caller their bearer token names (storage/router.ts resolves it first).
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { isPlainObject } from "../http.ts";
import type { Params, Route } from "../route-table.ts";
import type { Caller } from "./access.ts";
import { storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";

export interface StorageCall {
  ctx: BackendContext;
  files: FileStore;
  request: ApiRequest;
  params: Params;
}

/** A call whose bearer token has been checked (`anon` for a `callerOrAnon` route without one). */
export interface CallerCall extends StorageCall {
  caller: Caller;
}

export type StorageRoute =
  | Route<(call: StorageCall) => Promise<ApiResult>, "open">
  | Route<(call: CallerCall) => Promise<ApiResult>, "caller" | "callerOrAnon">;

type Json = Record<string, unknown>;

export async function jsonBody(request: ApiRequest): Promise<Json> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (isPlainObject(value)) return value;
  } catch {}
  throw storageErrors.invalidRequest("Body is not valid JSON");
}

/** A handler whose value is answered as JSON with 200. */
export const answered =
  <Call>(handle: (call: Call) => Promise<unknown>) =>
  async (call: Call): Promise<ApiResult> =>
    jsonResult(200, await handle(call));

/** The `:bucket` and `*` params: the bucket id and the object key (`a/b.png`, maybe empty). */
export const objectTarget = ({ params }: StorageCall): [bucketId: string, key: string] => [
  params.bucket ?? "",
  params["*"] ?? "",
];
