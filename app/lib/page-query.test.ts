import { describe, expect, it } from "vitest";
import { routeLeaves } from "../../test/support/route-table";
import routes from "../routes.ts";
import {
  CACHEABLE_PAGES,
  type CacheablePath,
  pageParams,
  pageQuery,
  portableSearch,
  routeIdOf,
} from "./page-query";

const routeIdAt = new Map(routeLeaves(routes).map((r) => [`/${r.path}`, r.id]));

describe("CACHEABLE_PAGES", () => {
  it("names each page's route as app/routes.ts does, in every language it has", () => {
    for (const page of Object.keys(CACHEABLE_PAGES) as CacheablePath[]) {
      expect(routeIdAt.get(page), page).toBe(routeIdOf(page, "en"));
      for (const lang of ["sw", "fr"] as const) {
        const path = page === "/" ? `/${lang}` : `/${lang}${page}`;
        const expected = "englishOnly" in CACHEABLE_PAGES[page] ? undefined : routeIdOf(page, lang);
        expect(routeIdAt.get(path), path).toBe(expected);
      }
    }
  });
});

describe("pageQuery", () => {
  it("finds the page and language of every spelling React Router matches", () => {
    expect(pageQuery("/sw/blog/12?x=1")).toMatchObject({ page: "/blog/:postId", locale: "sw" });
    expect(pageQuery("/fr/blog/rss.xml")).toMatchObject({ page: "/blog/rss.xml", locale: "fr" });
    expect(pageQuery("/sw/")).toMatchObject({ page: "/", locale: "sw", canonical: "/sw/" });
    expect(pageQuery("/fr/_.data")).toMatchObject({ page: "/", data: true });
    expect(pageQuery("/BLOG?q=a")).toMatchObject({ page: "/blog", canonical: undefined });
    expect(pageQuery("/%62log/?q=a")?.params.get("q")).toBe("a");
    expect(pageQuery("/services/web_design")).toMatchObject({
      page: "/services/:serviceId",
      canonical: undefined,
    });
    expect(pageQuery("/newsletter")).toBeUndefined();
  });

  it("normalises values as the loaders read them", () => {
    const read = (url: string) => pageQuery(url)?.params.toString();
    expect(read("/blog?q=%20%20sms%20&q=other")).toBe("q=sms");
    expect(read("/blog?q=%20%20")).toBe("");
    expect(read("/blog?category=&category=SEO")).toBe("");
    expect(read("/blog?tag=%20b&tag=a&tag=b&tag=")).toBe("tag=a&tag=b");
    expect(read(`/blog?${Array.from({ length: 30 }, (_, i) => `tag=t${i + 10}`).join("&")}`)).toBe(
      Array.from({ length: 20 }, (_, i) => `tag=t${i + 10}`).join("&"),
    );
    expect(read("/blog?page=1")).toBe("");
    expect(read("/blog?page=02")).toBe("");
    expect(read("/blog?page=2")).toBe("page=2");
    expect(read("/?slide=0x2")).toBe("");
    expect(read("/fr/?slide=3")).toBe("slide=3");
  });

  it("cuts a search at 100 characters without splitting an emoji (the cache key stays one page)", () => {
    const emoji = encodeURIComponent("\u{1F600}");
    // 99 letters and an emoji are 100 characters: kept whole (cut by UTF-16 units, half of the
    // emoji stayed and the key spelled it U+FFFD, another search than the one asked for).
    const whole = pageQuery(`/blog?q=${"a".repeat(99)}${emoji}`)?.params.get("q");
    expect(whole).toBe(`${"a".repeat(99)}\u{1F600}`);
    const cut = pageQuery(
      `/blog?q=${"a".repeat(99)}${emoji}${emoji}&tag=${"b".repeat(99)}${emoji}${emoji}`,
    );
    expect(cut?.params.get("q")).toBe(`${"a".repeat(99)}\u{1F600}`);
    expect(cut?.params.get("tag")).toBe(`${"b".repeat(99)}\u{1F600}`);
    expect(cut?.params.toString().includes("%EF%BF%BD")).toBe(false);
  });
});

describe("pageParams", () => {
  it("hands a loader only its page's parameters", () => {
    const params = pageParams(new URL("http://x/sw/contact?service=seo&topic=quote&q=zz&utm=1"));
    expect([...params.keys()]).toEqual(["topic", "service"]);
    expect(pageParams("/services?q=x").toString()).toBe("");
  });
});

describe("portableSearch", () => {
  it("keeps a cacheable page's own parameters and every other page's query", () => {
    expect(portableSearch("/blog", "?utm=<x>&q=sms")).toBe("?q=sms");
    expect(portableSearch("/sw/services", "?zz=marker")).toBe("");
    expect(portableSearch("/login", "?redirectTo=%2Fdashboard")).toBe("?redirectTo=%2Fdashboard");
  });
});
