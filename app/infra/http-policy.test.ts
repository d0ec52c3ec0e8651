import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
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
    // React Router 8 asks for "/" as `/_.data`.
    expect(pageCacheKey("/_.data?slide=2")).toEqual({ key: "/_.data?slide=2", search: false });
  });
  it("marks free-text searches and refuses over-long URLs", () => {
    expect(pageCacheKey("/blog?q=sms")).toEqual({ key: "/blog?q=sms", search: true });
    expect(pageCacheKey(`/blog?q=${"a".repeat(3000)}`)).toBeUndefined();
    // The blog reads 100 characters of a search: the key keeps what the page reads.
    expect(pageCacheKey(`/blog?q=${"a".repeat(600)}`)).toEqual({
      key: `/blog?q=${"a".repeat(100)}`,
      search: true,
    });
    const tags = Array.from({ length: 6 }, (_, i) => `tag=${i}${"t".repeat(99)}`).join("&");
    expect(pageCacheKey(`/blog?${tags}`)).toBeUndefined();
  });
  it("keeps the parameters of the Kiswahili and French pages too", () => {
    expect(pageCacheKey("/fr/blog?q=attack&utm=1")).toEqual({
      key: "/fr/blog?q=attack",
      search: true,
    });
    expect(pageCacheKey("/sw/blog?tag=b&category=Web&tag=a&page=2")?.key).toBe(
      "/sw/blog?category=Web&tag=a&tag=b&page=2",
    );
    expect(pageCacheKey("/fr/contact?service=seo&x=1")?.key).toBe("/fr/contact?service=seo");
    expect(pageCacheKey("/sw/contact?topic=quote")?.key).toBe("/sw/contact?topic=quote");
    expect(pageCacheKey("/fr/?slide=2")?.key).toBe("/fr/?slide=2");
    expect(pageCacheKey("/fr?slide=2")?.key).toBe("/fr?slide=2");
    expect(pageCacheKey("/sw.data?slide=2")?.key).toBe("/sw.data?slide=2");
    expect(pageCacheKey("/sw/_.data?slide=3&_routes=sw%3Aroutes%2Fhome")?.key).toBe(
      "/sw/_.data?slide=3&_routes=sw%3Aroutes%2Fhome",
    );
    expect(pageCacheKey("/sw/blog.data?category=A&_routes=sw%3Aroutes%2Fblog%2Findex")?.key).toBe(
      "/sw/blog.data?category=A&_routes=sw%3Aroutes%2Fblog%2Findex",
    );
  });
  it("gives no key to spellings of a path the site never writes", () => {
    for (const url of [
      "/BLOG",
      "/Blog?q=x",
      "/blog/",
      "/%62log",
      "/blog%2F",
      "//blog",
      "//evil.example/blog",
      "/Sw/blog",
      "/sw/blog/",
      "/sw/.data",
      "/blog/_.data",
      "/services/WEB-design",
      "/sw/sitemap.xml",
      "/_root.data",
      "/login?redirectTo=%2Fdashboard",
      "/portfolio",
    ]) {
      expect(pageCacheKey(url), url).toBeUndefined();
    }
  });
  it("keeps a data request's routes to the page's own, and no key without the page", () => {
    expect(pageCacheKey("/blog.data?_routes=routes%2Fblog%2Findex%2Cjunk%2Croot")?.key).toBe(
      "/blog.data?_routes=root%2Croutes%2Fblog%2Findex",
    );
    expect(pageCacheKey("/blog.data?_routes=root")).toBeUndefined();
    expect(pageCacheKey("/blog.data?_routes=junk-1")).toBeUndefined();
    // Only the first `_routes` counts, as for React Router.
    expect(pageCacheKey("/blog.data?_routes=routes%2Fblog%2Findex&_routes=x")?.key).toBe(
      "/blog.data?_routes=routes%2Fblog%2Findex",
    );
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

describe("bodyLimitFor", () => {
  it("gives the image-upload routes 5 MB plus form overhead and every other path 1 MB", () => {
    for (const path of [
      "/admin/posts/new",
      "/admin/posts/12",
      "/admin/posts/12.data",
      "/admin/media",
      "/admin/media.data",
      "/admin/media/upload",
      "/admin/services/new",
      "/admin/services/3",
      "/admin/services/3.data",
      "/admin/portfolio/new.data",
      "/admin/portfolio/12",
      "/admin/team/new",
      "/admin/team/7",
    ]) {
      expect(bodyLimitFor(path).bytes, path).toBe(5 * 1024 * 1024 + 256 * 1024);
      expect(bodyLimitFor(path).message, path).toContain("larger than 5 MB");
    }
    for (const path of [
      "/",
      "/contact",
      "/admin/posts",
      "/admin/posts/new/x",
      "/admin/mediax",
      "/admin/services",
      "/admin/services/3/history",
      "/admin/legal/privacy",
      "/admin/settings",
      "/admin/testimonials/new",
      "/services/new",
    ]) {
      expect(bodyLimitFor(path), path).toEqual({
        bytes: 1024 * 1024,
        message: "The submitted data is larger than 1 MB.",
      });
    }
  });
});
