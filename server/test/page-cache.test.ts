import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../csp-hashes.ts";
import { isAnonymousRead, isCacheableResponse, PageCache } from "../page-cache.ts";

const html = (body: string) => Buffer.from(`<!doctype html><html><body>${body}</body></html>`);
const publicHeaders = () =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, s-maxage=300",
  });

describe("isAnonymousRead", () => {
  it("accepts cookie-less and unrelated-cookie GET/HEAD", () => {
    expect(isAnonymousRead("GET", undefined)).toBe(true);
    expect(isAnonymousRead("HEAD", "theme=dark")).toBe(true);
  });
  it("refuses sessions, flash messages and writes", () => {
    expect(isAnonymousRead("GET", "sb-127-auth-token=base64-abc")).toBe(false);
    expect(isAnonymousRead("GET", "a=1; sb-127-auth-token.0=x")).toBe(false);
    expect(isAnonymousRead("GET", "toast=abc")).toBe(false);
    expect(isAnonymousRead("POST", undefined)).toBe(false);
  });
});

describe("isCacheableResponse", () => {
  it("needs 200, public and no Set-Cookie", () => {
    expect(isCacheableResponse(200, publicHeaders())).toBe(true);
    expect(isCacheableResponse(404, publicHeaders())).toBe(false);
    expect(isCacheableResponse(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(
      false,
    );
    expect(isCacheableResponse(200, new Headers())).toBe(false);
    const withCookie = publicHeaders();
    withCookie.append("Set-Cookie", "a=1");
    expect(isCacheableResponse(200, withCookie)).toBe(false);
  });
});

describe("PageCache", () => {
  it("stores documents with a hash CSP matching their inline scripts", () => {
    const cache = new PageCache();
    const body = html(
      '<script nonce="abc">console.log(1)</script><script src="/assets/a.js"></script>',
    );
    const page = cache.store("/", 200, publicHeaders(), body);
    const csp = new Headers(page.headers).get("Content-Security-Policy") ?? "";
    const [hash] = inlineScriptHashes(body.toString());
    expect(hash).toMatch(/^'sha256-/);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toContain("nonce-");
    expect(cache.get("/")?.etag).toBe(page.etag);
    expect(cache.hits).toBe(1);
  });

  it("expires entries after the TTL and can be cleared", async () => {
    const cache = new PageCache({ ttlMs: 20 });
    cache.store("/a", 200, publicHeaders(), html("a"));
    cache.store("/b", 200, publicHeaders(), html("b"));
    cache.clear();
    expect(cache.get("/a")).toBeUndefined();
    cache.store("/c", 200, publicHeaders(), html("c"));
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get("/c")).toBeUndefined();
  });

  it("evicts the least recently used page beyond its size cap", () => {
    const cache = new PageCache({ maxBytes: 5000 });
    for (let i = 0; i < 10; i++)
      cache.store(`/p${i}`, 200, publicHeaders(), html("x".repeat(900 + i)));
    expect(cache.get("/p0")).toBeUndefined();
    expect(cache.get("/p9")).toBeDefined();
  });
});
