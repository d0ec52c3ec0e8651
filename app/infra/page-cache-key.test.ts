import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-cache-key";

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
