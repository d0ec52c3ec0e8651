import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Picks the best encoding the client accepts (brotli, then gzip). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.find((p) => p.trim().startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.trim().slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|xml|rss\+xml|javascript|manifest\+json)|image\/svg)/;

export function isCompressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
}

/** Compresses a dynamic response body; brotli at a quality that costs well under a millisecond for a page. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return body;
}
