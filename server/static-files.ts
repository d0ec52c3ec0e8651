import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A file of build/client held in memory, with its precompressed variants and validators. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  /** Build assets are content-addressed (hashed names); the rest of public/ is not. */
  cacheKind: "content-addressed" | "public-file";
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".vtt": "text/vtt; charset=utf-8",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".svg",
  ".txt",
  ".xml",
  ".vtt",
  ".ico",
  ".webmanifest",
]);

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function readVariant(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads every file below `root` into memory. `.br`/`.gz` files written at build time
 * (scripts/compress-assets.ts) are used as the encoded variants; small text files without them
 * are compressed here once.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(root)) {
    const ext = extname(path);
    if (ext === ".br" || ext === ".gz") continue;
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const body = readFileSync(path);
    const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
    const file: StaticFile = {
      body,
      type: TYPES[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      cacheKind: urlPath.startsWith("/assets/") ? "content-addressed" : "public-file",
    };
    if (compressible) {
      file.br =
        readVariant(`${path}.br`) ??
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      file.gzip = readVariant(`${path}.gz`) ?? gzipSync(body, { level: 9 });
    }
    files.set(urlPath, file);
  }
  return files;
}
