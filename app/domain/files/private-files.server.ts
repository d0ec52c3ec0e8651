import { cacheHeaders } from "~/infra/cache-policy";
import { env } from "~/infra/env.server";
import { type AppSupabase, supabaseEnv } from "~/infra/supabase.server";
import { PREVIEW_TYPES } from "./file-types";

/**
 * Private files of client organisations: the `client-files` bucket
 * (supabase/migrations/20261211000001_client_files.sql), keyed `<organisation id>/<path>`.
 * A file is read from Storage with the signed-in person's own token, so row-level security —
 * the permission table — decides who gets it, and streamed to them as it arrives (never held
 * whole: a 50 MB file costs the server a few chunks). Anything Storage does not hand over (no
 * such file, another client's, a made-up key) is the same 404.
 */
export const CLIENT_FILES_BUCKET = "client-files";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The characters hosted Storage allows in a key, per segment (no `/`). */
const SEGMENT = /^[\w!\-.*'() &$@=;:+,?]{1,255}$/;

/** The Storage key of `path` in the organisation's folder; null for anything malformed. */
export function privateFileKey(organisationId: string | undefined, path: string | undefined) {
  if (!organisationId || !UUID.test(organisationId) || !path || path.length > 900) return null;
  const segments = path.split("/");
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === "." || segment === "..") return null;
  }
  return `${organisationId.toLowerCase()}/${segments.join("/")}`;
}

/** Shown in the page (inline) rather than saved: raster images and PDF, nothing that runs. */
const INLINE = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "application/pdf",
]);

/** A type Storage stored, reduced to its essence (`type/subtype`), or a download's default. */
export function safeType(stored: string | null): string {
  const essence = (stored ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(essence) ? essence : "application/octet-stream";
}

/** `attachment` or `inline`, with the file's name for every browser (RFC 6266 / 5987). */
function disposition(type: string, key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const kind = INLINE.has(type) ? "inline" : "attachment";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers every private file is sent with. */
export function privateFileHeaders(type: string, key: string): Headers {
  return new Headers({
    "Content-Type": type,
    "Content-Disposition": disposition(type, key),
    ...cacheHeaders("private"),
    "X-Content-Type-Options": "nosniff",
    // Even shown inline, the file is a sandboxed document of its own: no script, no form, no
    // request anywhere but its own bytes.
    "Content-Security-Policy":
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    "Referrer-Policy": "no-referrer",
  });
}

const RETURNED = ["content-length", "content-range", "accept-ranges", "last-modified", "etag"];

const unavailable = () =>
  new Response("Storage is not available", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
  });

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("private") },
  });

/** The signed-in person's access token, for Storage to check (it verifies it itself). */
export async function accessToken(supabase: AppSupabase): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Whether the request is an image's preview (`?preview=1`, the Files list's `<img>`), which is
 * not a download: answered for the preview types only (anything else is 404) and not logged.
 */
function isPreview(request: Request): boolean {
  return new URL(request.url).searchParams.has("preview");
}

/**
 * A download, in the audit log for the agency (public.audit_file_download,
 * supabase/migrations/20261240000001_file_downloads.sql: the client's people only, one entry per
 * person and file in 10 minutes). False when the log could not be asked: then nothing is sent.
 */
async function logDownload(supabase: AppSupabase, key: string): Promise<boolean> {
  try {
    const { error } = await supabase.rpc("audit_file_download", { p_path: key });
    return !error;
  } catch {
    return false;
  }
}

/**
 * The file at `key`, as the person whose client `supabase` is may read it: streamed, with the
 * headers above, byte ranges passed through; 404 for whatever they may not read. Every GET but
 * an image's preview is a download, logged before a byte is sent (docs/portal.md "Files").
 */
export async function servePrivateFile(
  supabase: AppSupabase,
  key: string,
  request: Request,
): Promise<Response> {
  const token = await accessToken(supabase);
  if (!token) return notFound();
  const { url, anonKey } = supabaseEnv();
  const headers = new Headers({ Authorization: `Bearer ${token}`, apikey: anonKey });
  const range = request.headers.get("range");
  if (range) headers.set("range", range);
  const path = key.split("/").map(encodeURIComponent).join("/");
  // The timeout bounds the wait for Storage's answer, not the download (50 MB on a slow line).
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), env().SUPABASE_TIMEOUT_MS);
  let upstream: Response;
  try {
    upstream = await fetch(
      `${url}/storage/v1/object/authenticated/${CLIENT_FILES_BUCKET}/${path}`,
      { headers, signal: waiting.signal },
    );
  } catch {
    return unavailable();
  } finally {
    clearTimeout(timer);
  }
  if (upstream.status !== 200 && upstream.status !== 206) {
    await upstream.body?.cancel();
    return notFound();
  }
  const type = safeType(upstream.headers.get("content-type"));
  const preview = isPreview(request);
  if (preview && !PREVIEW_TYPES.has(type)) {
    await upstream.body?.cancel();
    return notFound();
  }
  if (!preview && request.method !== "HEAD" && !(await logDownload(supabase, key))) {
    await upstream.body?.cancel();
    return unavailable();
  }
  const out = privateFileHeaders(type, key);
  for (const name of RETURNED) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  return new Response(request.method === "HEAD" ? null : upstream.body, {
    status: upstream.status,
    headers: out,
  });
}
