import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildCsp,
  frameworkScriptHashes,
  isAnonymousRead,
  isSharedCacheable,
  pageCacheKey,
} from "./http-policy";

const publicHeaders = () => new Headers({ "Cache-Control": "public, s-maxage=300" });
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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

describe("isSharedCacheable", () => {
  it("needs 200, public and no Set-Cookie", () => {
    expect(isSharedCacheable(200, publicHeaders())).toBe(true);
    expect(isSharedCacheable(404, publicHeaders())).toBe(false);
    expect(isSharedCacheable(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(
      false,
    );
    expect(isSharedCacheable(200, new Headers())).toBe(false);
    const withCookie = publicHeaders();
    withCookie.append("Set-Cookie", "a=1");
    expect(isSharedCacheable(200, withCookie)).toBe(false);
  });
});

describe("pageCacheKey", () => {
  it("keeps only the parameters a page reads, in canonical order", () => {
    expect(pageCacheKey("/blog?utm_source=x&tag=b&category=Web&tag=a&tag=b")).toEqual({
      key: "/blog?category=Web&tag=a&tag=b",
      search: false,
    });
    expect(pageCacheKey("/services?anything=1")).toEqual({ key: "/services", search: false });
    expect(pageCacheKey("/?slide=2&x=1")).toEqual({ key: "/?slide=2", search: false });
    // Client navigations' data requests keep their page's parameters and the routes asked for.
    expect(pageCacheKey("/blog.data?category=SEO&_routes=routes%2Fblog%2Findex&x=1")).toEqual({
      key: "/blog.data?category=SEO&_routes=routes%2Fblog%2Findex",
      search: false,
    });
    expect(pageCacheKey("/_root.data?slide=2")).toEqual({
      key: "/_root.data?slide=2",
      search: false,
    });
  });
  it("marks free-text searches and refuses over-long URLs", () => {
    expect(pageCacheKey("/blog?q=sms")).toEqual({ key: "/blog?q=sms", search: true });
    expect(pageCacheKey(`/blog?q=${"a".repeat(3000)}`)).toBeUndefined();
    expect(pageCacheKey(`/blog?q=${"a".repeat(600)}`)).toBeUndefined();
  });
});

describe("CSP", () => {
  it("allows a fresh page's nonce, or a cached page's framework hashes, never both", () => {
    expect(buildCsp({ nonce: "n0" })).toContain("script-src 'self' 'nonce-n0';");
    expect(buildCsp({ scriptHashes: ["'sha256-x'"] })).toContain("script-src 'self' 'sha256-x';");
    expect(buildCsp()).toContain("script-src 'self';");
  });

  it("hashes only the inline scripts that carry the render's nonce", () => {
    const html = [
      '<script nonce="n0">window.__ctx = 1</script>',
      '<script type="module" nonce="n0">import "/assets/a.js"</script>',
      '<script nonce="n0" src="/assets/b.js"></script>',
      "<script>alert('stored')</script>",
      '<script nonce="guess">alert(2)</script>',
    ].join("");
    const base64 = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(frameworkScriptHashes(html, "n0", base64)).toEqual([
      sha("window.__ctx = 1"),
      sha('import "/assets/a.js"'),
    ]);
  });
});
