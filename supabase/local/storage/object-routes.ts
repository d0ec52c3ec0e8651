/**
 * `/storage/v1/object/…` as two tables of handlers, tried in order: the routes that need no
 * caller of their own (reads decide per bucket; signed uploads carry their token), then, once
 * the bearer token has named the caller, the rest. Each answers a result (api-result.ts).
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { isPlainObject } from "../http.ts";
import { type Caller, resolveCaller } from "./access.ts";
import { type Access, findObject, objectInfo, objectResult } from "./download.ts";
import { storageErrors } from "./errors.ts";
import type { FileStore } from "./files.ts";
import {
  copyObject,
  listObjects,
  moveObject,
  removeObjects,
  signDownload,
  signDownloads,
  signUpload,
  verifySignedToken,
} from "./objects.ts";
import { uploadObject } from "./upload.ts";

type Json = Record<string, unknown>;

/** One request to `/storage/v1/object/…` or `/bucket/…`; `rest` is the path after that. */
export interface OpenCall {
  ctx: BackendContext;
  files: FileStore;
  request: ApiRequest;
  rest: string;
}

/** A call whose bearer token has been checked. */
export interface StorageCall extends OpenCall {
  caller: Caller;
}

export async function jsonBody(request: ApiRequest): Promise<Json> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (isPlainObject(value)) return value;
  } catch {}
  throw storageErrors.invalidRequest("Body is not valid JSON");
}

/** `bucket/key/with/slashes` → [bucket, key]; each segment is percent-decoded. */
function splitPath(rest: string): [string, string] {
  const parts = rest.split("/").map((part) => decodeURIComponent(part));
  return [parts[0] ?? "", parts.slice(1).join("/")];
}

const OBJECT_READS: [string, Access][] = [
  ["authenticated/", "authenticated"],
  ["public/", "public"],
];

const SUPERUSER: Caller = { role: "service_role", claims: {}, authenticated: true };

/** GET/HEAD of an object or its info (`/object/…` and `/object/info/…`). */
async function readObject({ ctx, files, request, rest }: OpenCall): Promise<ApiResult> {
  const { query } = request;
  const info = rest.startsWith("info/");
  let path = info ? rest.slice(5) : rest;
  let access: Access = "any";
  for (const [prefix, kind] of OBJECT_READS) {
    if (path.startsWith(prefix)) {
      path = path.slice(prefix.length);
      access = kind;
    }
  }
  if (!info && path.startsWith("sign/")) {
    const [bucketId, key] = splitPath(path.slice(5));
    await verifySignedToken(ctx, query.get("token"), `${bucketId}/${key}`, "download");
    const row = await findObject(ctx, SUPERUSER, bucketId, key, "superuser");
    return objectResult(request, files, row, query.get("download"));
  }
  const caller = await resolveCaller(ctx, request, access !== "authenticated");
  const [bucketId, key] = splitPath(path);
  const row = await findObject(ctx, caller, bucketId, key, access);
  if (info) return jsonResult(200, objectInfo(row));
  return objectResult(request, files, row, query.get("download"));
}

/** PUT to a signed upload URL: the token names the owner and whether it may replace. */
async function signedUpload({ ctx, files, request, rest }: OpenCall): Promise<ApiResult> {
  const [bucketId, key] = splitPath(rest.slice("upload/sign/".length));
  const token = request.query.get("token");
  const signed = await verifySignedToken(ctx, token, `${bucketId}/${key}`, "upload");
  const uploader: Caller = {
    role: "service_role",
    claims: { role: "service_role", sub: signed.owner },
    owner: signed.owner,
    authenticated: true,
  };
  const mode = signed.upsert ? "upsert" : "create";
  const done = await uploadObject(ctx, files, request, uploader, mode, bucketId, key);
  return jsonResult(200, { Key: done.Key });
}

async function removeRoute({ ctx, files, request, rest, caller }: StorageCall) {
  const [bucketId, key] = splitPath(rest);
  if (!key) {
    const body = await jsonBody(request);
    const prefixes = Array.isArray(body.prefixes)
      ? body.prefixes.filter((p): p is string => typeof p === "string")
      : undefined;
    if (!prefixes) throw storageErrors.missingParameter("prefixes");
    return removeObjects(ctx, files, caller, bucketId, prefixes);
  }
  const removed = await removeObjects(ctx, files, caller, bucketId, [key]);
  if (!removed.length) throw storageErrors.noSuchKey();
  return { message: "Successfully deleted" };
}

function uploadRoute({ ctx, files, request, rest, caller }: StorageCall) {
  const [bucketId, key] = splitPath(rest);
  const upsert = request.header("x-upsert") === "true";
  const mode = request.method === "PUT" ? "update" : upsert ? "upsert" : "create";
  return uploadObject(ctx, files, request, caller, mode, bucketId, key);
}

async function signRoute({ ctx, request, rest, caller }: StorageCall) {
  const [bucketId, key] = splitPath(rest.slice(5));
  const body = await jsonBody(request);
  if (!key) return signDownloads(ctx, caller, bucketId, body);
  return signDownload(ctx, caller, bucketId, key, body);
}

type ObjectRoute<Call> = [
  methods: string[],
  matches: (rest: string) => boolean,
  handle: (call: Call) => Promise<ApiResult>,
];

const startsWith = (prefix: string) => (rest: string) => rest.startsWith(prefix);
const is = (path: string) => (rest: string) => rest === path;
const any = () => true;
const answered =
  (handle: (call: StorageCall) => Promise<unknown>) =>
  async (call: StorageCall): Promise<ApiResult> =>
    jsonResult(200, await handle(call));

const OPEN_ROUTES: ObjectRoute<OpenCall>[] = [
  [["GET", "HEAD"], any, readObject],
  [["PUT"], startsWith("upload/sign/"), signedUpload],
];

const CALLER_ROUTES: ObjectRoute<StorageCall>[] = [
  [
    ["POST"],
    startsWith("upload/sign/"),
    answered(({ ctx, request, rest, caller }) => {
      const [bucketId, key] = splitPath(rest.slice("upload/sign/".length));
      return signUpload(ctx, caller, bucketId, key, request.header("x-upsert") === "true");
    }),
  ],
  [
    ["POST"],
    startsWith("list/"),
    answered(async ({ ctx, request, rest, caller }) =>
      listObjects(ctx, caller, splitPath(rest.slice(5))[0], await jsonBody(request)),
    ),
  ],
  [
    ["POST"],
    is("move"),
    answered(async ({ ctx, request, caller }) => moveObject(ctx, caller, await jsonBody(request))),
  ],
  [
    ["POST"],
    is("copy"),
    answered(async ({ ctx, files, request, caller }) =>
      copyObject(ctx, files, caller, await jsonBody(request)),
    ),
  ],
  [["POST"], startsWith("sign/"), answered(signRoute)],
  [["DELETE"], any, answered(removeRoute)],
  [["POST", "PUT"], any, answered(uploadRoute)],
];

function find<Call>(routes: ObjectRoute<Call>[], method: string, rest: string) {
  return routes.find(([methods, matches]) => methods.includes(method) && matches(rest))?.[2];
}

/** Answers `/object/{rest}`. */
export async function objectRoute(
  ctx: BackendContext,
  files: FileStore,
  request: ApiRequest,
  rest: string,
): Promise<ApiResult> {
  const call = { ctx, files, request, rest };
  const open = find(OPEN_ROUTES, request.method, rest);
  if (open) return open(call);
  const caller = await resolveCaller(ctx, request);
  const handle = find(CALLER_ROUTES, request.method, rest);
  if (handle) return handle({ ...call, caller });
  // As before the table: a malformed key answers InvalidKey ahead of the unknown route.
  splitPath(rest);
  throw storageErrors.notFoundRoute(request.method, `/object/${rest}`);
}
