import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { buildCspWithHashes, inlineScriptHashes } from "./csp-hashes.ts";
import { compress } from "./encoding.ts";

/** A rendered anonymous page, ready to send as-is (all encodings precomputed). */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const AUTH_COOKIE = /(?:^|;\s*)(sb-[^=]*|toast)=/;

/**
 * Whether a request may be answered from (and stored in) the anonymous page cache: a GET/HEAD
 * from a visitor with no session and no flash message.
 */
export function isAnonymousRead(method: string | undefined, cookie: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && !(cookie && AUTH_COOKIE.test(cookie));
}

/** Only complete, public, successful responses without cookies are cached. */
export function isCacheableResponse(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (headers.getSetCookie().length > 0) return false;
  const cacheControl = headers.get("Cache-Control") ?? "";
  return /\bpublic\b/.test(cacheControl) && !/no-store|private/.test(cacheControl);
}

export interface PageCacheOptions {
  maxBytes?: number;
  maxEntries?: number;
  ttlMs?: number;
}

/**
 * In-process LRU (TTL + size cap) of anonymous public pages. A cached document cannot carry a
 * per-request nonce without re-encoding it on every hit, so it is stored with a CSP that lists
 * the SHA-256 hashes of its own inline scripts instead — as strict as a nonce (only those exact
 * scripts run) and byte-identical on every hit, which also gives it a stable ETag.
 */
export class PageCache {
  private readonly lru: LRUCache<string, CachedPage>;
  hits = 0;
  misses = 0;

  constructor({
    maxBytes = 64 * 1024 * 1024,
    maxEntries = 1000,
    ttlMs = 5 * 60_000,
  }: PageCacheOptions = {}) {
    this.lru = new LRUCache<string, CachedPage>({
      max: maxEntries,
      maxSize: maxBytes,
      ttl: ttlMs,
      sizeCalculation: (page) => page.body.length + page.br.length + page.gzip.length + 512,
    });
  }

  get(key: string): CachedPage | undefined {
    const page = this.lru.get(key);
    if (page) this.hits++;
    else this.misses++;
    return page;
  }

  /** Stores a rendered page; returns what to send for it. */
  store(key: string, status: number, headers: Headers, body: Buffer): CachedPage {
    const stored = new Headers(headers);
    if ((stored.get("Content-Type") ?? "").startsWith("text/html")) {
      stored.set(
        "Content-Security-Policy",
        buildCspWithHashes(inlineScriptHashes(body.toString("utf8"))),
      );
    }
    stored.delete("Content-Length");
    stored.delete("Content-Encoding");
    const page: CachedPage = {
      status,
      headers: [...stored],
      body,
      br: compress(body, "br"),
      gzip: compress(body, "gzip"),
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`,
    };
    this.lru.set(key, page);
    return page;
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
