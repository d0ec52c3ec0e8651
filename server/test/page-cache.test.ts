import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache } from "../page-cache.ts";

const html = (body: string) => Buffer.from(`<!doctype html><html><body>${body}</body></html>`);
const publicHeaders = () =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, s-maxage=300",
    "Content-Security-Policy": "script-src 'self' 'sha256-abc'",
  });

describe("PageCache", () => {
  it("stores documents as rendered, with their CSP, and answers hits with the same ETag", () => {
    const cache = new PageCache();
    const page = cache.store("/", 200, publicHeaders(), html("<p>hi</p>"));
    expect(new Headers(page.headers).get("Content-Security-Policy")).toBe(
      "script-src 'self' 'sha256-abc'",
    );
    expect(cache.get("/")?.etag).toBe(page.etag);
    expect(cache.hits).toBe(1);
  });

  it("swaps in a smaller brotli body for a popular page once it is compressed at best quality", async () => {
    const cache = new PageCache();
    const words = Array.from({ length: 4000 }, (_, i) => `<li class="card">item ${i % 97}</li>`);
    const body = html(`<ul>${words.join("")}</ul>`);
    const page = cache.store("/", 200, publicHeaders(), body);
    const first = page.br.length;
    // Stored and not asked for again: nothing spent on it yet.
    await cache.settled();
    expect(page.br.length).toBe(first);
    // Its first hit asks for the smaller body; the hits after it get it.
    expect(cache.get("/")?.br.length).toBe(first);
    await cache.settled();
    const stored = cache.get("/");
    expect(stored?.br.length).toBeLessThan(first);
    expect(brotliDecompressSync(stored?.br ?? Buffer.alloc(0)).equals(body)).toBe(true);
    expect(stored?.etag).toBe(page.etag);

    // Parameters a visitor can vary at will never buy a best-quality recompression.
    const filtered = cache.store("/blog?category=Any", 200, publicHeaders(), body);
    cache.get("/blog?category=Any");
    await cache.settled();
    expect(cache.get("/blog?category=Any")?.br.length).toBe(filtered.br.length);
  });

  it("answers URLs that differ only in parameters the page ignores from one entry", () => {
    const cache = new PageCache();
    cache.store("/blog?utm_source=x", 200, publicHeaders(), html("blog"));
    expect(cache.get("/blog")).toBeDefined();
    expect(cache.get("/blog?x=1&y=2")).toBeDefined();
    expect(cache.get("/blog?category=SEO")).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("keeps the Kiswahili and French pages' parameters in their keys", () => {
    const cache = new PageCache();
    cache.store("/fr/blog?q=attacker", 200, publicHeaders(), html("attacker"));
    cache.store("/sw/contact?topic=quote", 200, publicHeaders(), html("quote"));
    cache.store(
      "/sw/blog.data?tag=x&_routes=sw%3Aroutes%2Fblog%2Findex",
      200,
      publicHeaders(),
      html("x"),
    );
    expect(cache.get("/fr/blog")).toBeUndefined();
    expect(cache.get("/sw/contact")).toBeUndefined();
    expect(cache.get("/sw/blog.data?_routes=sw%3Aroutes%2Fblog%2Findex")).toBeUndefined();
    expect(cache.get("/fr/blog?q=attacker&utm=1")?.body.toString()).toContain("attacker");
    expect(cache.size).toBe(3);
  });

  it("adds no entry for unknown parameters, other spellings of a path or junk routes", () => {
    const cache = new PageCache();
    cache.store("/sw/blog", 200, publicHeaders(), html("blog"));
    const variants = [
      "/sw/blog?utm_source=x",
      "/sw/blog?category=",
      "/sw/blog?page=1",
      "/sw/blog?page=abc",
      "/SW/blog",
      "/sw/BLOG",
      "/sw/blog/",
      "/sw/%62log",
      "//sw/blog",
      "/sw/blog.data?_routes=junk",
      "/sw/blog.data?_routes=root",
      "/sw/blog/_.data",
    ];
    for (const url of variants) cache.store(url, 200, publicHeaders(), html(`variant ${url}`));
    expect(cache.size).toBe(1);
    for (let i = 0; i < 200; i++) {
      cache.store(
        `/blog.data?_routes=routes%2Fblog%2Findex,junk${i}`,
        200,
        publicHeaders(),
        html("d"),
      );
    }
    expect(cache.size).toBe(2);
  });

  it("keeps 1 100 junk and search URLs from evicting the popular pages", () => {
    const cache = new PageCache({ maxEntries: 50, maxSearchEntries: 10 });
    cache.store("/", 200, publicHeaders(), html("home"));
    cache.store("/blog", 200, publicHeaders(), html("blog"));
    for (let i = 0; i < 1000; i++)
      cache.store(`/blog?junk${i}=${i}`, 200, publicHeaders(), html("blog"));
    for (let i = 0; i < 100; i++)
      cache.store(`/blog?q=term${i}`, 200, publicHeaders(), html("found"));
    expect(cache.get("/")).toBeDefined();
    expect(cache.get("/blog")).toBeDefined();
    expect(cache.get("/blog?q=term99")).toBeDefined();
    expect(cache.get("/blog?q=term0")).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(2 + 10);
  });

  it("expires entries after the TTL and can be cleared", () => {
    let now = 1000;
    const cache = new PageCache({ ttlMs: 20, now: () => now });
    cache.store("/", 200, publicHeaders(), html("a"));
    cache.store("/blog", 200, publicHeaders(), html("b"));
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
    cache.store("/contact", 200, publicHeaders(), html("c"));
    now = 1019;
    expect(cache.get("/contact")).toBeDefined();
    now = 1040;
    expect(cache.get("/contact")).toBeUndefined();
  });

  it("evicts the least recently used page beyond its size cap", () => {
    const cache = new PageCache({ maxBytes: 5000 });
    for (let i = 0; i < 10; i++)
      cache.store(`/blog?category=c${i}`, 200, publicHeaders(), html("x".repeat(900 + i)));
    expect(cache.get("/blog?category=c0")).toBeUndefined();
    expect(cache.get("/blog?category=c9")).toBeDefined();
  });

  describe("invalidation by what changed", () => {
    /** One cached page of every cacheable kind, in every language, pages and data requests. */
    const PAGES = [
      "/",
      "/sw/",
      "/fr",
      "/_.data?slide=2&_routes=root%2Croutes%2Fhome",
      "/services",
      "/sw/services/web-development",
      "/blog",
      "/fr/blog?q=seo",
      "/blog/3",
      "/sw/blog/4",
      "/blog/rss.xml",
      "/contact",
      "/fr/contact?topic=website",
      "/terms",
      "/sw/privacy",
      "/fr/terms",
      "/sitemap.xml",
      "/robots.txt",
    ];

    function cachedAfter(change: { kind: string; entity?: string }): string[] {
      const cache = new PageCache();
      for (const url of PAGES) cache.store(url, 200, publicHeaders(), html(url));
      expect(cache.size).toBe(PAGES.length);
      cache.invalidate(change);
      return PAGES.filter((url) => cache.get(url) !== undefined);
    }
    const without = (...gone: string[]) => PAGES.filter((url) => !gone.includes(url));
    const HOMES = ["/", "/sw/", "/fr", "/_.data?slide=2&_routes=root%2Croutes%2Fhome"];

    it("drops every page for posts, media, the settings and the services", () => {
      expect(cachedAfter({ kind: "posts" })).toEqual([]);
      expect(cachedAfter({ kind: "media" })).toEqual([]);
      expect(cachedAfter({ kind: "site", entity: "site_settings" })).toEqual([]);
      expect(cachedAfter({ kind: "site", entity: "services" })).toEqual([]);
    });

    it("drops only the home pages, in every language, for what only the home page shows", () => {
      for (const entity of [
        "testimonials",
        "site_figures",
        "portfolio_projects",
        "portfolio_categories",
      ]) {
        expect(cachedAfter({ kind: "site", entity }), entity).toEqual(without(...HOMES));
      }
    });

    it("drops every page listing posts, in every language, for the blog's categories and tags", () => {
      for (const entity of ["blog_categories", "blog_tags"]) {
        expect(cachedAfter({ kind: "site", entity }), entity).toEqual(
          without(...HOMES, "/blog", "/fr/blog?q=seo", "/blog/3", "/sw/blog/4", "/blog/rss.xml"),
        );
      }
    });

    it("drops the home and post pages for the team (authors' bios)", () => {
      expect(cachedAfter({ kind: "site", entity: "team_members" })).toEqual(
        without(...HOMES, "/blog/3", "/sw/blog/4"),
      );
    });

    it("drops the legal pages for the legal documents, and home and contact for chat options", () => {
      expect(cachedAfter({ kind: "site", entity: "legal_documents" })).toEqual(
        without("/terms", "/sw/privacy", "/fr/terms", "/sitemap.xml"),
      );
      expect(cachedAfter({ kind: "site", entity: "chat_options" })).toEqual(
        without(...HOMES, "/contact", "/fr/contact?topic=website"),
      );
    });

    it("drops every page for a change it does not understand", () => {
      expect(cachedAfter({ kind: "site" })).toEqual([]);
      expect(cachedAfter({ kind: "site", entity: "__proto__" })).toEqual([]);
      expect(cachedAfter({ kind: "weather" })).toEqual([]);
    });

    it("does not keep a page whose render began before an invalidation", () => {
      const cache = new PageCache();
      const before = cache.epoch;
      cache.invalidate({ kind: "site", entity: "testimonials" });
      const sent = cache.store("/", 200, publicHeaders(), html("old testimonials"), before);
      expect(sent.body.toString()).toContain("old testimonials");
      expect(cache.get("/")).toBeUndefined();
      cache.store("/", 200, publicHeaders(), html("new"), cache.epoch);
      expect(cache.get("/")?.body.toString()).toContain("new");
    });
  });
});
