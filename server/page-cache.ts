import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { pageCacheKey } from "../app/infra/page-cache-key.ts";
import { pageQuery, pagesShowing } from "../app/lib/page-query.ts";
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

export interface PageCacheOptions {
  maxBytes?: number;
  maxEntries?: number;
  /** Entries of the separate cache for search results (`/blog?q=…`). */
  maxSearchEntries?: number;
  ttlMs?: number;
  /** Clock in ms (injectable so tests need not sleep). */
  now?: () => number;
}

const brotliMax = promisify(brotliCompress);

/**
 * The page's body at brotli's best quality (about 13% smaller than the quality `compress` uses,
 * for ~100 ms of a libuv worker thread per page): a cached page is compressed once and sent many
 * times, and on a slow phone connection the smaller document fits the first round trip.
 */
function compressBest(body: Buffer): Promise<Buffer> {
  return brotliMax(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function lru(max: number, maxSize: number, ttl: number, now: () => number) {
  return new LRUCache<string, CachedPage>({
    max,
    maxSize,
    ttl,
    perf: { now },
    ttlAutopurge: false,
    ttlResolution: 0,
    sizeCalculation: (page) => page.body.length + page.br.length + page.gzip.length + 512,
  });
}

/**
 * In-process LRU (TTL + size cap) of anonymous public pages. Keys are normalised by the HTTP
 * policy (known query parameters only, in canonical order), and free-text searches live in a
 * small cache of their own, so a flood of junk or search URLs cannot evict the popular pages.
 * Pages are stored exactly as rendered: their CSP already lists the hashes of the framework's
 * scripts (app/entry.server.tsx), so every hit sends the same bytes with a stable ETag.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly searches: LRUCache<string, CachedPage>;
  hits = 0;
  misses = 0;
  /**
   * Bumped by every invalidation: a page whose render began before one may show what changed,
   * so it is sent but not kept (see `store`).
   */
  epoch = 0;
  private readonly recompressing = new Set<Promise<void>>();
  /** Pages whose best-quality brotli body was asked for (once each). */
  private readonly recompressed = new WeakSet<CachedPage>();

  constructor({
    maxBytes = 64 * 1024 * 1024,
    maxEntries = 1000,
    maxSearchEntries = 100,
    ttlMs = 5 * 60_000,
    now = () => performance.now(),
  }: PageCacheOptions = {}) {
    this.pages = lru(maxEntries, maxBytes, ttlMs, now);
    this.searches = lru(maxSearchEntries, Math.max(1, Math.floor(maxBytes / 8)), ttlMs, now);
  }

  private slot(url: string): { cache: LRUCache<string, CachedPage>; key: string } | undefined {
    const key = pageCacheKey(url);
    if (!key) return undefined;
    return { cache: key.search ? this.searches : this.pages, key: key.key };
  }

  get(url: string): CachedPage | undefined {
    const slot = this.slot(url);
    const page = slot?.cache.get(slot.key);
    if (page) {
      this.hits++;
      // Asked for again within its TTL: a popular page, worth its smaller brotli body.
      if (slot && this.worthRecompressing(slot.cache, slot.key, page))
        this.recompress(slot.cache, slot.key, page);
    } else this.misses++;
    return page;
  }

  /**
   * Stores a rendered page under the normalised key of `url`; returns what to send for it. A
   * page rendered since `epoch` (read before its render began) was invalidated is not stored.
   */
  store(
    url: string,
    status: number,
    headers: Headers,
    body: Buffer,
    epoch = this.epoch,
  ): CachedPage {
    const stored = new Headers(headers);
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
    const slot = epoch === this.epoch ? this.slot(url) : undefined;
    slot?.cache.set(slot.key, page);
    return page;
  }

  /**
   * The site's own pages (a path with no parameters: a bounded set, each rendered at most once
   * per TTL) swap in a smaller brotli body off the event loop on their first hit, once each; a
   * URL with parameters, which a visitor can vary at will, keeps the fast quality so nobody can
   * buy 100 ms of CPU per request. A page nobody asks for again (a crawler's visit, a page
   * invalidated before its next visitor) never pays for it.
   */
  private worthRecompressing(
    cache: LRUCache<string, CachedPage>,
    key: string,
    page: CachedPage,
  ): boolean {
    if (cache !== this.pages || key.includes("?") || page.body.length < 1024) return false;
    if (this.recompressed.has(page)) return false;
    this.recompressed.add(page);
    return true;
  }

  private recompress(cache: LRUCache<string, CachedPage>, key: string, page: CachedPage): void {
    const done = compressBest(page.body)
      .then((br) => {
        if (cache.peek(key) === page && br.length < page.br.length) page.br = br;
      })
      .catch((error: unknown) => console.error("page cache: brotli failed", error))
      .finally(() => this.recompressing.delete(done));
    this.recompressing.add(done);
  }

  /** Resolves once every page served from the cache so far has its best-quality brotli body (for tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.recompressing]);
  }

  clear(): void {
    this.epoch++;
    this.pages.clear();
    this.searches.clear();
  }

  /**
   * Drops the pages a content change makes stale, in every language (app/lib/page-query.ts
   * `PAGES_SHOWING`): all of them for posts and media, only those showing a part of the site's
   * content for that part.
   */
  invalidate(change: { kind: string; entity?: unknown }): void {
    const stale = pagesShowing(change);
    if (stale === "every page") {
      this.clear();
      return;
    }
    this.epoch++;
    for (const cache of [this.pages, this.searches]) {
      const keys = [...cache.keys()].filter((key) => {
        const page = pageQuery(key)?.page;
        return page === undefined || stale.has(page);
      });
      for (const key of keys) cache.delete(key);
    }
  }

  get size(): number {
    return this.pages.size + this.searches.size;
  }
}
