import { randomUUID } from "node:crypto";
import { fileTypeByName, SNIFF_BYTES, sniffFileType } from "~/domain/files/file-types";
import { storedName } from "~/domain/files/file-upload.server";
import { accessToken, CLIENT_FILES_BUCKET } from "~/domain/files/private-files.server";
import { freeResumablePlace, takeResumablePlace } from "~/domain/files/resumable-places.server";
import { recordProjectFile } from "~/domain/portal/project-files.server";
import type { Translator } from "~/i18n/translate.server";
import { FILE_UPLOAD_MAX_BYTES } from "~/infra/body-limits";
import { cacheHeaders } from "~/infra/cache-policy";
import { env } from "~/infra/env.server";
import { type AppSupabase, supabaseEnv } from "~/infra/supabase.server";

/**
 * A project's resumable uploads (tus 1.0.0), for the browser's tus client: the site is the tus
 * server the browser sees, at `…/projects/<project>/files/resumable[/<id>]`, and passes each
 * request on to Storage's own endpoint (`/storage/v1/upload/resumable`) with the signed-in
 * person's token — so the browser never talks to Storage (docs/decisions/020-resumable-uploads-through-the-site.md)
 * and Storage's RLS decides as for any upload. The site chooses where the file goes (the
 * client's folder, `<org>/projects/<project>/<random>/<name>`), takes only the allowlisted kinds
 * (by name at creation, by the first bytes with the first part), streams each part through
 * without holding it, and records the file for both sides when its last byte is stored. A
 * person keeps at most 5 unfinished uploads: the place is taken in the database before the
 * creation reaches Storage and given back when the upload finishes, is dropped or is refused
 * (app/domain/files/resumable-places.server.ts), so the bound holds on hosted Storage too.
 */
const TUS_VERSION = "1.0.0";
const OFFSET_TYPE = "application/offset+octet-stream";

export interface ResumableTarget {
  organisationId: string;
  projectId: number;
  /** This route's path without the upload's id (the Location given to the browser). */
  base: string;
}

function answer(status: number, message = "", extra: Record<string, string> = {}) {
  return new Response(message ? `${message}\n` : null, {
    status,
    headers: {
      "Tus-Resumable": TUS_VERSION,
      ...(message ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
      ...cacheHeaders("private"),
      ...extra,
    },
  });
}

/** `key base64,key base64` → the values (filename, filetype, as tus-js-client sends them). */
function metadataOf(header: string | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, encoded = ""] = pair.trim().split(" ");
    if (key) values[key] = Buffer.from(encoded, "base64").toString("utf8");
  }
  return values;
}

const encode = (value: string) => Buffer.from(value, "utf8").toString("base64");

/** Where the upload an id names is stored, when it is in this project's folder. */
function objectOf(id: string, target: ResumableTarget): string | null {
  if (!/^[A-Za-z0-9_-]{1,1400}$/.test(id)) return null;
  const decoded = Buffer.from(id, "base64url").toString("utf8");
  const prefix = `${CLIENT_FILES_BUCKET}/${target.organisationId}/projects/${target.projectId}/`;
  const cut = decoded.lastIndexOf("/");
  if (!decoded.startsWith(prefix) || cut <= prefix.length) return null;
  const objectName = decoded.slice(CLIENT_FILES_BUCKET.length + 1, cut);
  return objectName.includes("/../") || objectName.includes("/./") ? null : objectName;
}

/** A request to Storage's tus endpoint as the person; a part's body is streamed. */
async function storage(
  token: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: ReadableStream<Uint8Array>,
): Promise<Response | null> {
  const { url, anonKey } = supabaseEnv();
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), Math.max(env().SUPABASE_TIMEOUT_MS, 10 * 60_000));
  try {
    return await fetch(`${url}/storage/v1/upload/resumable${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        apikey: anonKey,
        "Tus-Resumable": TUS_VERSION,
        ...headers,
      },
      ...(body ? { body, duplex: "half" } : {}),
      signal: waiting.signal,
    } as RequestInit);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The first bytes of a body and the body again, read one chunk at a time (never held whole). */
async function headOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(seen);
  let sentHead = false;
  const rest = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!sentHead) {
          sentHead = true;
          if (head.byteLength) return controller.enqueue(head);
        }
        const next = done ? { done: true as const, value: undefined } : await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { head: head.subarray(0, SNIFF_BYTES), rest };
}

/**
 * A person keeps a few unfinished uploads at a time (the database's places, and the embedded
 * Storage's own bound: 429, `Retry-After` when the first of them expires): said in the page's
 * language, with what to do.
 */
function tooManyOpen(retryAfter: number, t: Translator) {
  const seconds = retryAfter > 0 ? retryAfter : 60 * 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return answer(429, t("projectFiles.tooManyOpen", { minutes }), {
    "Retry-After": String(Math.ceil(seconds)),
  });
}

async function create(
  request: Request,
  supabase: AppSupabase,
  token: string,
  target: ResumableTarget,
  t: Translator,
) {
  const length = request.headers.get("upload-length") ?? "";
  if (!/^\d{1,16}$/.test(length)) return answer(412, "Upload-Length header required");
  if (Number(length) > FILE_UPLOAD_MAX_BYTES) return answer(413, t("projectFiles.tooLarge"));
  const name = storedName(metadataOf(request.headers.get("upload-metadata")).filename ?? "");
  const type = fileTypeByName(name);
  if (!type || Number(length) === 0) return answer(415, t("projectFiles.typeRefused"));
  const objectName = `${target.organisationId}/projects/${target.projectId}/${randomUUID()}/${name}`;
  const place = await takeResumablePlace(supabase, target.projectId, objectName, Number(length));
  if (place.kind === "full") return tooManyOpen(place.retryAfter, t);
  if (place.kind !== "taken") {
    return answer(place.kind === "refused" ? 404 : 502, t("projectFiles.failed"));
  }
  const created = await storage(token, "POST", "", {
    "Upload-Length": length,
    "Upload-Metadata": [
      `bucketName ${encode(CLIENT_FILES_BUCKET)}`,
      `objectName ${encode(objectName)}`,
      `contentType ${encode(type)}`,
    ].join(","),
  });
  await created?.body?.cancel();
  const id = created?.headers.get("location")?.split("/").pop();
  if (created?.status !== 201 || !id) {
    await freeResumablePlace(supabase, objectName);
    if (created?.status === 429) {
      return tooManyOpen(Number(created.headers.get("retry-after")), t);
    }
    return answer(created?.status === 403 ? 404 : 502, t("projectFiles.failed"));
  }
  return answer(201, "", { Location: `${target.base}/${id}` });
}

async function offset(token: string, id: string) {
  const found = await storage(token, "HEAD", `/${id}`, {});
  if (!found) return answer(502);
  if (found.status !== 200) return answer(found.status === 410 ? 410 : 404);
  return answer(200, "", {
    "Upload-Offset": found.headers.get("upload-offset") ?? "0",
    "Upload-Length": found.headers.get("upload-length") ?? "0",
  });
}

async function part(
  request: Request,
  supabase: AppSupabase,
  token: string,
  upload: { id: string; objectName: string },
  target: ResumableTarget,
  t: Translator,
) {
  const at = request.headers.get("upload-offset") ?? "";
  if (request.headers.get("content-type")?.toLowerCase() !== OFFSET_TYPE || !request.body) {
    return answer(415, "Content-Type header is invalid");
  }
  if (!/^\d{1,16}$/.test(at)) return answer(403, "Upload-Offset header required");
  const name = upload.objectName.slice(upload.objectName.lastIndexOf("/") + 1);
  let body: ReadableStream<Uint8Array> = request.body;
  if (at === "0") {
    const { head, rest } = await headOf(body);
    if (!sniffFileType(name, head)) {
      await rest.cancel();
      await (await storage(token, "DELETE", `/${upload.id}`, {}))?.body?.cancel();
      await freeResumablePlace(supabase, upload.objectName);
      return answer(415, t("projectFiles.typeRefused"));
    }
    body = rest;
  }
  const sent = await storage(
    token,
    "PATCH",
    `/${upload.id}`,
    { "Upload-Offset": at, "Content-Type": OFFSET_TYPE },
    body,
  );
  if (!sent) return answer(502, t("projectFiles.failed"));
  const text = await sent.text();
  if (sent.status !== 204) {
    // Gone at Storage (expired, dropped): its place is free.
    if (sent.status === 404 || sent.status === 410) {
      await freeResumablePlace(supabase, upload.objectName);
    }
    return answer(sent.status, text.trim());
  }
  const reached = sent.headers.get("upload-offset") ?? at;
  // Finished when the offset reached is the upload's length (its place is given back then).
  const freed = await freeResumablePlace(supabase, upload.objectName, Number(reached));
  if (sent.headers.get("tus-complete") === "1" || freed) {
    const recorded = await recordProjectFile(supabase, target.projectId, {
      key: upload.objectName,
      name,
    });
    if (!recorded.ok) {
      await supabase.storage.from(CLIENT_FILES_BUCKET).remove([upload.objectName]);
      return answer(500, t("projectFiles.failed"));
    }
  }
  return answer(204, "", { "Upload-Offset": reached });
}

/**
 * One tus request of the browser (POST without an id creates; HEAD, PATCH, DELETE with one),
 * already known to come from someone who reads the project (`target`).
 */
export async function resumableRequest(
  request: Request,
  supabase: AppSupabase,
  target: ResumableTarget,
  id: string | undefined,
  t: Translator,
): Promise<Response> {
  if (request.headers.get("tus-resumable") !== TUS_VERSION) {
    return answer(412, "Unsupported version", { "Tus-Version": TUS_VERSION });
  }
  const token = await accessToken(supabase);
  if (!token) return answer(404);
  if (!id) {
    return request.method === "POST" ? create(request, supabase, token, target, t) : answer(405);
  }
  const objectName = objectOf(id, target);
  if (!objectName) return answer(404);
  switch (request.method) {
    case "GET":
    case "HEAD":
      return offset(token, id);
    case "PATCH":
      return part(request, supabase, token, { id, objectName }, target, t);
    case "DELETE": {
      const removed = await storage(token, "DELETE", `/${id}`, {});
      await removed?.body?.cancel();
      // Dropped, or gone already: its place is free.
      if ([204, 404, 410].includes(removed?.status ?? 0)) {
        await freeResumablePlace(supabase, objectName);
      }
      return answer(removed?.status === 204 ? 204 : 404);
    }
    default:
      return answer(405);
  }
}
