import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { cacheHeaders } from "../app/infra/cache-policy.ts";
import { compress, isCompressible, pickEncoding } from "./encoding.ts";
import { movedLocation } from "./moved-query.ts";
import type { CachedPage } from "./page-cache.ts";
import { plainPage } from "./plain-pages.ts";
import type { Readiness } from "./readiness.ts";
import { applySecurityHeaders } from "./security-headers.ts";
import type { StaticFile } from "./static-files.ts";

/**
 * The Content-Type each answer was sent with (`res.writeHead` with an object does not keep its
 * headers for `getHeader`): what analytics looks at once the answer is sent (server/app.ts).
 */
export const sentContentType = new WeakMap<ServerResponse, string>();

export function writeHead(res: ServerResponse, status: number, headers: Headers): void {
  const type = headers.get("content-type");
  if (type) sentContentType.set(res, type);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of headers) if (name !== "set-cookie") out[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  res.writeHead(status, out);
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  return header?.split(",").some((tag) => tag.trim() === etag) ?? false;
}

/** Sends a body that exists in identity, brotli and gzip form (static files, cached pages). */
function sendEncoded(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Headers,
  variants: { body: Buffer; br?: Buffer; gzip?: Buffer; etag: string },
): void {
  headers.set("ETag", variants.etag);
  if (variants.br || variants.gzip) headers.append("Vary", "Accept-Encoding");
  if (status === 200 && notModified(req, variants.etag)) {
    writeHead(res, 304, headers);
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body =
    (encoding === "br" && variants.br) || (encoding === "gzip" && variants.gzip) || variants.body;
  if (body !== variants.body) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  writeHead(res, status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function sendStatic(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  https: boolean,
): void {
  const headers = new Headers({ "Content-Type": file.type, ...cacheHeaders(file.cacheKind) });
  applySecurityHeaders(headers, { https });
  sendEncoded(req, res, 200, headers, file);
}

export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  https: boolean,
  cacheStatus: "HIT" | "MISS",
): void {
  const headers = new Headers(page.headers);
  const location = headers.get("Location");
  if (location) headers.set("Location", movedLocation(page.status, location, req.url ?? "/"));
  applySecurityHeaders(headers, { https });
  headers.set("X-Cache", cacheStatus);
  sendEncoded(req, res, page.status, headers, page);
}

/** Sends a freshly rendered (uncached) response, compressed when worthwhile. */
export function sendRendered(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Headers,
  rendered: Buffer,
  https: boolean,
): void {
  applySecurityHeaders(headers, { https });
  let body = rendered;
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (
    encoding !== "identity" &&
    body.length > 1024 &&
    isCompressible(headers.get("Content-Type"))
  ) {
    body = compress(body, encoding);
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
  }
  headers.set("Content-Length", String(body.length));
  writeHead(res, status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Which React build this process loaded ("production" needs NODE_ENV=production). */
function reactBuild(): "production" | "development" | "unknown" {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  if (loaded.some((path) => /react-dom-server\.node\.production/.test(path))) return "production";
  if (loaded.some((path) => /react-dom-server\.node\.development/.test(path))) return "development";
  return "unknown";
}

/** A small answer made here, never stored anywhere (`no-store`). */
function sendTransient(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  https: boolean,
  extra?: Record<string, string>,
): void {
  const headers = new Headers({
    "Content-Type": contentType,
    ...cacheHeaders("transient"),
    ...extra,
  });
  applySecurityHeaders(headers, { https });
  writeHead(res, status, headers);
  res.end(body);
}

function sendProbe(res: ServerResponse, status: number, body: unknown, https: boolean): void {
  sendTransient(res, status, "application/json", JSON.stringify(body), https);
}

/** A JSON answer to a machine (the webhook lane's). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  https: boolean,
  extra?: Record<string, string>,
): void {
  sendTransient(res, status, "application/json; charset=utf-8", JSON.stringify(body), https, extra);
}

/** `GET /healthz`: liveness only (this process answers). */
export function sendHealth(res: ServerResponse, https: boolean): void {
  const body = { status: "ok", uptime: Math.round(process.uptime()), react: reactBuild() };
  sendProbe(res, 200, body, https);
}

/** `GET /readyz`: 200 when every dependency answers, 503 otherwise, with each check's state. */
export function sendReadiness(res: ServerResponse, readiness: Readiness, https: boolean): void {
  const body = { status: readiness.ready ? "ready" : "unavailable", checks: readiness.checks };
  sendProbe(res, readiness.ready ? 200 : 503, body, https);
}

export function sendPlain(
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
  https: boolean,
  extra?: Record<string, string>,
): void {
  const page = plainPage(status, title, message);
  sendTransient(res, status, "text/html; charset=utf-8", page, https, extra);
}
