/**
 * `/storage/v1/object/…` as hosted Storage routes it (src/http/routes/object), in order: the
 * reads and the signed URLs, which need no caller of their own (reads decide per bucket; signed
 * URLs carry their token), then the routes whose bearer token must name the caller.
 */
import { type ApiResult, jsonResult } from "../api-result.ts";
import { route } from "../route-table.ts";
import type { Caller } from "./access.ts";
import {
  answered,
  type CallerCall,
  jsonBody,
  objectTarget,
  type StorageCall,
  type StorageRoute,
} from "./calls.ts";
import { type Access, findObject, objectInfo, objectResult } from "./download.ts";
import { storageErrors } from "./errors.ts";
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

const SUPERUSER: Caller = { role: "service_role", claims: {}, authenticated: true };

/** GET/HEAD of an object (or its info) as the caller reaches it through `access`. */
const read =
  (access: Exclude<Access, "superuser">, info = false) =>
  async (call: CallerCall): Promise<ApiResult> => {
    const { ctx, files, request, caller } = call;
    const [bucketId, key] = objectTarget(call);
    const row = await findObject(ctx, caller, bucketId, key, access);
    if (info) return jsonResult(200, objectInfo(row));
    return objectResult(request, files, row, request.query.get("download"));
  };

/** GET of a signed URL: the token names the object; it is read as the superuser. */
async function signedDownload(call: StorageCall): Promise<ApiResult> {
  const { ctx, files, request } = call;
  const [bucketId, key] = objectTarget(call);
  await verifySignedToken(ctx, request.query.get("token"), `${bucketId}/${key}`, "download");
  const row = await findObject(ctx, SUPERUSER, bucketId, key, "superuser");
  return objectResult(request, files, row, request.query.get("download"));
}

/** PUT to a signed upload URL: the token names the owner and whether it may replace. */
async function signedUpload(call: StorageCall): Promise<ApiResult> {
  const { ctx, files, request } = call;
  const [bucketId, key] = objectTarget(call);
  const signed = await verifySignedToken(
    ctx,
    request.query.get("token"),
    `${bucketId}/${key}`,
    "upload",
  );
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

async function remove(call: CallerCall) {
  const { ctx, files, request, caller } = call;
  const [bucketId, key] = objectTarget(call);
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

function upload(call: CallerCall) {
  const { ctx, files, request, caller } = call;
  const [bucketId, key] = objectTarget(call);
  const upsert = request.header("x-upsert") === "true";
  const mode = request.method === "PUT" ? "update" : upsert ? "upsert" : "create";
  return uploadObject(ctx, files, request, caller, mode, bucketId, key);
}

async function sign(call: CallerCall) {
  const { ctx, request, caller } = call;
  const [bucketId, key] = objectTarget(call);
  const body = await jsonBody(request);
  if (!key) return signDownloads(ctx, caller, bucketId, body);
  return signDownload(ctx, caller, bucketId, key, body);
}

function createSignedUpload(call: CallerCall) {
  const [bucketId, key] = objectTarget(call);
  const upsert = call.request.header("x-upsert") === "true";
  return signUpload(call.ctx, call.caller, bucketId, key, upsert);
}

const list = async ({ ctx, request, caller, params }: CallerCall) =>
  listObjects(ctx, caller, params.bucket ?? "", await jsonBody(request));

const move = async ({ ctx, request, caller }: CallerCall) =>
  moveObject(ctx, caller, await jsonBody(request));

const copy = async ({ ctx, files, request, caller }: CallerCall) =>
  copyObject(ctx, files, caller, await jsonBody(request));

/** Any other method or path below /object/ — once the caller is known, as before. */
async function routeNotFound({ request }: CallerCall): Promise<ApiResult> {
  throw storageErrors.notFoundRoute(request.method, request.path);
}

/**
 * Prefixes stacked as the routing before this table accepted them (`authenticated/` then
 * `public/`, either before `sign/`), kept so that no path answers differently; hosted Storage
 * would read the second prefix as a bucket name.
 */
const STACKED_PREFIX_READS: readonly StorageRoute[] = [
  route(
    "GET HEAD",
    "/object/info/authenticated/public/:bucket/*",
    "callerOrAnon",
    read("public", true),
  ),
  route("GET HEAD", "/object/authenticated/public/sign/:bucket/*", "open", signedDownload),
  route("GET HEAD", "/object/authenticated/sign/:bucket/*", "open", signedDownload),
  route("GET HEAD", "/object/public/sign/:bucket/*", "open", signedDownload),
  route("GET HEAD", "/object/authenticated/public/:bucket/*", "callerOrAnon", read("public")),
];

/** Tried in order, the first route whose methods and pattern fit answers. */
export const OBJECT_ROUTES: readonly StorageRoute[] = [
  ...STACKED_PREFIX_READS,
  route("GET HEAD", "/object/sign/:bucket/*", "open", signedDownload),
  route("GET HEAD", "/object/info/authenticated/:bucket/*", "caller", read("authenticated", true)),
  route("GET HEAD", "/object/info/public/:bucket/*", "callerOrAnon", read("public", true)),
  route("GET HEAD", "/object/info/:bucket/*", "callerOrAnon", read("any", true)),
  route("GET HEAD", "/object/authenticated/:bucket/*", "caller", read("authenticated")),
  route("GET HEAD", "/object/public/:bucket/*", "callerOrAnon", read("public")),
  route("GET HEAD", "/object/:bucket/*", "callerOrAnon", read("any")),
  route("PUT", "/object/upload/sign/:bucket/*", "open", signedUpload),
  route("POST", "/object/upload/sign/:bucket/*", "caller", answered(createSignedUpload)),
  route("POST", "/object/list/:bucket/*", "caller", answered(list)),
  route("POST", "/object/move", "caller", answered(move)),
  route("POST", "/object/copy", "caller", answered(copy)),
  route("POST", "/object/sign/:bucket/*", "caller", answered(sign)),
  route("DELETE", "/object/:bucket/*", "caller", answered(remove)),
  route("POST PUT", "/object/:bucket/*", "caller", answered(upload)),
  route("*", "/object/:bucket/*", "caller", routeNotFound),
];
