/**
 * /storage/v1 — the subset of supabase/storage that storage-js calls (see supabase/local/README.md, Storage).
 * Errors are answered as hosted Storage renders them (errors.ts); an upload refused before its
 * body was read closes the connection instead of reading the rest.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError, headerValue, isPlainObject, readBody, sendJson } from "../http.ts";
import { type Caller, resolveCaller } from "./access.ts";
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from "./buckets.ts";
import { type Access, findObject, objectInfo, sendObject } from "./download.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
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

async function jsonBody(req: IncomingMessage): Promise<Json> {
  const text = await readBody(req);
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

/** One request to `/storage/v1/object/…` or `/bucket/…`; `rest` is the path after that. */
interface StorageCall {
  ctx: BackendContext;
  files: FileStore;
  req: IncomingMessage;
  res: ServerResponse;
  rest: string;
  query: URLSearchParams;
}

const OBJECT_READS: [string, Access][] = [
  ["authenticated/", "authenticated"],
  ["public/", "public"],
];

/** GET/HEAD of an object or its info (`/object/…` and `/object/info/…`). */
async function readObject(call: StorageCall): Promise<void> {
  const { ctx, files, req, res, rest, query } = call;
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
    const row = await findObject(
      ctx,
      { role: "service_role", claims: {}, authenticated: true },
      bucketId,
      key,
      "superuser",
    );
    return sendObject(req, res, files, row, query.get("download"));
  }
  const caller = await resolveCaller(ctx, req, access !== "authenticated");
  const [bucketId, key] = splitPath(path);
  const row = await findObject(ctx, caller, bucketId, key, access);
  if (info) return sendJson(res, 200, objectInfo(row));
  return sendObject(req, res, files, row, query.get("download"));
}

async function objectRoute(call: StorageCall): Promise<void> {
  const { ctx, files, req, res, rest, query } = call;
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return readObject(call);
  if (method === "PUT" && rest.startsWith("upload/sign/")) {
    const [bucketId, key] = splitPath(rest.slice("upload/sign/".length));
    const signed = await verifySignedToken(ctx, query.get("token"), `${bucketId}/${key}`, "upload");
    const uploader: Caller = {
      role: "service_role",
      claims: { role: "service_role", sub: signed.owner },
      owner: signed.owner,
      authenticated: true,
    };
    const done = await uploadObject(
      ctx,
      files,
      req,
      uploader,
      signed.upsert ? "upsert" : "create",
      bucketId,
      key,
    );
    return sendJson(res, 200, { Key: done.Key });
  }
  const caller = await resolveCaller(ctx, req);
  const upsert = headerValue(req, "x-upsert") === "true";
  if (method === "POST" && rest.startsWith("upload/sign/")) {
    const [bucketId, key] = splitPath(rest.slice("upload/sign/".length));
    return sendJson(res, 200, await signUpload(ctx, caller, bucketId, key, upsert));
  }
  if (method === "POST" && rest.startsWith("list/")) {
    return sendJson(
      res,
      200,
      await listObjects(ctx, caller, splitPath(rest.slice(5))[0], await jsonBody(req)),
    );
  }
  if (method === "POST" && rest === "move")
    return sendJson(res, 200, await moveObject(ctx, caller, await jsonBody(req)));
  if (method === "POST" && rest === "copy") {
    return sendJson(res, 200, await copyObject(ctx, files, caller, await jsonBody(req)));
  }
  if (method === "POST" && rest.startsWith("sign/")) {
    const [bucketId, key] = splitPath(rest.slice(5));
    const body = await jsonBody(req);
    if (!key) return sendJson(res, 200, await signDownloads(ctx, caller, bucketId, body));
    return sendJson(res, 200, await signDownload(ctx, caller, bucketId, key, body));
  }
  const [bucketId, key] = splitPath(rest);
  if (method === "DELETE") {
    if (!key) {
      const body = await jsonBody(req);
      const prefixes = Array.isArray(body.prefixes)
        ? body.prefixes.filter((p): p is string => typeof p === "string")
        : undefined;
      if (!prefixes) throw storageErrors.missingParameter("prefixes");
      return sendJson(res, 200, await removeObjects(ctx, files, caller, bucketId, prefixes));
    }
    const removed = await removeObjects(ctx, files, caller, bucketId, [key]);
    if (!removed.length) throw storageErrors.noSuchKey();
    return sendJson(res, 200, { message: "Successfully deleted" });
  }
  if (method === "POST" || method === "PUT") {
    const mode = method === "PUT" ? "update" : upsert ? "upsert" : "create";
    return sendJson(res, 200, await uploadObject(ctx, files, req, caller, mode, bucketId, key));
  }
  throw storageErrors.notFoundRoute(method, `/object/${rest}`);
}

async function bucketRoute(call: StorageCall): Promise<void> {
  const { ctx, files, req, res, rest, query } = call;
  const method = req.method ?? "GET";
  const caller = await resolveCaller(ctx, req);
  const [id = "", action] = rest.split("/").map((part) => decodeURIComponent(part));
  if (method === "GET" && !id) return sendJson(res, 200, await listBuckets(ctx, caller, query));
  if (method === "GET") return sendJson(res, 200, await getBucket(ctx, caller, id));
  if (method === "POST" && !id)
    return sendJson(res, 200, await createBucket(ctx, caller, await jsonBody(req)));
  if (method === "POST" && action === "empty")
    return sendJson(res, 200, await emptyBucket(ctx, caller, files, id));
  if (method === "PUT" && id)
    return sendJson(res, 200, await updateBucket(ctx, caller, id, await jsonBody(req)));
  if (method === "DELETE" && id) return sendJson(res, 200, await deleteBucket(ctx, caller, id));
  throw storageErrors.notFoundRoute(method, `/bucket/${rest}`);
}

/** Handles `/storage/v1{subpath}`. */
export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  files: FileStore,
  subpath: string,
  query: URLSearchParams,
): Promise<void> {
  const call = { ctx, files, req, res, query };
  // Objects, their info and errors alike: a browser never sniffs another type (content-type.ts).
  res.setHeader("X-Content-Type-Options", "nosniff");
  try {
    if (subpath.startsWith("/object/")) {
      return await objectRoute({ ...call, rest: subpath.slice("/object/".length) });
    }
    if (subpath === "/bucket" || subpath.startsWith("/bucket/")) {
      return await bucketRoute({
        ...call,
        rest: subpath.slice("/bucket".length).replace(/^\//, ""),
      });
    }
    throw storageErrors.notFoundRoute(req.method ?? "GET", subpath);
  } catch (caught) {
    let error: StorageError;
    if (caught instanceof StorageError) error = caught;
    else if (caught instanceof BodyTooLargeError) error = storageErrors.tooLarge();
    else if (caught instanceof URIError) error = storageErrors.invalidKey(subpath);
    else {
      error = fromDatabaseError(caught) ?? storageErrors.internal();
      if (error.statusCode >= 500) {
        ctx.log(
          `[storage] ${req.method} ${subpath} failed: ${caught instanceof Error ? caught.stack : caught}`,
        );
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A body left unread (refused upload) is not read to its end: the connection closes.
    const headers = req.readableEnded ? {} : { Connection: "close" };
    sendJson(res, error.httpStatus, error.body(), headers);
  }
}
