import { cacheHeaders } from "./cache-policy";
import { env } from "./env.server";
import { supabaseEnv } from "./supabase.server";

/** Request headers passed on to Storage, and response headers passed back. */
const FORWARDED = ["range", "if-none-match", "if-modified-since"];
const RETURNED = ["content-length", "content-range", "etag", "last-modified", "accept-ranges"];

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("transient") },
  });

/**
 * An object of a public Storage bucket, read through the server (the embedded backend listens
 * on 127.0.0.1 only; hosted Storage is another origin) and served from the site's own origin as
 * an immutable file: the content type is the one its name promises (never what Storage stored),
 * `nosniff`, ETag / Last-Modified / 304 and byte ranges (206) pass through.
 */
export async function servePublicObject(
  request: Request,
  bucket: string,
  key: string,
  contentType: string,
): Promise<Response> {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const path = key.split("/").map(encodeURIComponent).join("/");
  let upstream: Response;
  try {
    upstream = await fetch(`${supabaseEnv().url}/storage/v1/object/public/${bucket}/${path}`, {
      headers,
      signal: AbortSignal.timeout(env().SUPABASE_TIMEOUT_MS),
    });
  } catch {
    return new Response("Storage is not available", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...cacheHeaders("transient"),
        "Retry-After": "5",
      },
    });
  }
  if (![200, 206, 304, 416].includes(upstream.status)) {
    await upstream.body?.cancel();
    return notFound();
  }
  const out = new Headers({
    "Content-Type": contentType,
    ...cacheHeaders("content-addressed"),
    "X-Content-Type-Options": "nosniff",
  });
  for (const name of RETURNED) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  if (upstream.status === 416) {
    await upstream.body?.cancel();
    return new Response(null, { status: 416, headers: out });
  }
  const body = upstream.status === 304 || request.method === "HEAD" ? null : upstream.body;
  if (!body) await upstream.body?.cancel();
  return new Response(body, { status: upstream.status, headers: out });
}
