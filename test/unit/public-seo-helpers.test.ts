import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePostId, pickRelatedPosts, toPostSummary } from "~/domain/posts/queries.server";
import type { PostSummary } from "~/domain/posts/types";
import { bundle } from "~/i18n/translate.server";
import {
  CACHE_CONTROL,
  isPersonalised,
  publicCacheHeaders,
  publicPageHeaders,
} from "~/infra/cache-policy";
import { rssXml, sitemapXml, xmlEscape } from "~/lib/feeds";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, fitDescription, pageMeta } from "~/lib/seo";
import { fallbackSiteConfig } from "~/lib/site-config";
import { blogPostingJsonLd } from "~/lib/structured-data";

const PUBLIC_CACHE = CACHE_CONTROL["public-cacheable"];
const PRIVATE_NO_STORE = CACHE_CONTROL.private;

const summary = (id: number, categories: string[]): PostSummary => ({
  ...toPostSummary({
    id,
    title: `T${id} <&>`,
    excerpt: "E",
    cover_image: null,
    author_name: null,
    author_avatar: null,
    published_at: "2026-03-01T00:00:00Z",
    read_time: null,
    categories,
    tags: null,
  }),
});

describe("posts mapping", () => {
  it("maps a row to the UI shape with defaults", () => {
    const p = summary(4, ["A"]);
    expect(p).toMatchObject({
      id: 4,
      author: "Admin",
      readTime: "1 min",
      tags: [],
      coverImage: null,
    });
  });

  it("accepts positive integer ids only", () => {
    expect(parsePostId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "01", "1e3", "99999999999999999", undefined])
      expect(parsePostId(bad)).toBeNull();
  });

  it("picks up to 3 related posts, same category first, never the post itself", () => {
    const all = [
      summary(1, ["A"]),
      summary(2, ["B"]),
      summary(3, ["A"]),
      summary(4, []),
      summary(5, ["B"]),
    ];
    expect(pickRelatedPosts(all[0]!, all).map((p) => p.id)).toEqual([3, 2, 4]);
    expect(pickRelatedPosts(all[0]!, [all[0]!])).toEqual([]);
  });
});

describe("feeds", () => {
  it("escapes XML", () => {
    expect(xmlEscape(`<a href="x">&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;",
    );
  });

  it("lists static paths and posts in the sitemap", () => {
    const xml = sitemapXml("https://x.test", ["/", "/blog"], [summary(7, [])]);
    expect(xml).toContain("<loc>https://x.test/</loc>");
    expect(xml).toContain(
      "<loc>https://x.test/blog/7</loc><lastmod>2026-03-01T00:00:00.000Z</lastmod>",
    );
  });

  it("writes an RSS 2.0 channel with one item per post", () => {
    const xml = rssXml({ siteUrl: "https://x.test", brandName: "B" }, [summary(7, ["A"])]);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>T7 &lt;&amp;&gt;</title>");
    expect(xml).toContain("<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>");
    expect(xml).toContain("<category>A</category>");
  });
});

describe("cache headers", () => {
  const req = (cookie?: string) =>
    new Request("http://x.test/", cookie ? { headers: { Cookie: cookie } } : {});

  it("caches anonymous pages publicly and personalised ones privately", () => {
    expect(isPersonalised(req())).toBe(false);
    expect(isPersonalised(req("theme=dark"))).toBe(false);
    expect(isPersonalised(req("sb-127-auth-token=abc"))).toBe(true);
    expect(isPersonalised(req("a=1; toast=xyz"))).toBe(true);
    expect(new Headers(publicCacheHeaders(req())).get("Cache-Control")).toBe(PUBLIC_CACHE);
    expect(new Headers(publicCacheHeaders(req(), false)).get("Cache-Control")).toBe(
      PRIVATE_NO_STORE,
    );
  });

  it("turns private when a cookie is set, on errors and on actions", () => {
    const loaderHeaders = new Headers({ "Cache-Control": PUBLIC_CACHE });
    const none = new Headers();
    const h = (over: Partial<Parameters<typeof publicPageHeaders>[0]>) =>
      publicPageHeaders({ loaderHeaders, parentHeaders: none, actionHeaders: none, ...over }).get(
        "Cache-Control",
      );
    expect(h({})).toBe(PUBLIC_CACHE);
    expect(h({ parentHeaders: new Headers({ "Set-Cookie": "toast=; Max-Age=0" }) })).toBe(
      PRIVATE_NO_STORE,
    );
    expect(h({ errorHeaders: new Headers() })).toBe(PRIVATE_NO_STORE);
    expect(h({ actionHeaders: new Headers({ "Cache-Control": PRIVATE_NO_STORE }) })).toBe(
      PRIVATE_NO_STORE,
    );
    expect(h({ loaderHeaders: new Headers() })).toBe(PRIVATE_NO_STORE);
  });
});

describe("page meta", () => {
  const matchesIn = (locale: "en" | "sw" | "fr") => [
    {
      id: "root",
      loaderData: {
        locale,
        site: { ...fallbackSiteConfig, siteUrl: "https://jenga.example" },
        i18n: bundle(locale, ["meta.homeTitle", "blog.feedTitle"]),
      },
    },
  ];
  const feedOf = (tags: ReturnType<typeof pageMeta>) =>
    tags.find((tag) => "type" in tag && tag.type === "application/rss+xml");

  it("points feed readers at the blog feed in the page's language", () => {
    const feed = feedOf(pageMeta(matchesIn("sw"), { description: "d", path: "/services" }));
    expect(feed).toMatchObject({
      rel: "alternate",
      href: "https://jenga.example/sw/blog/rss.xml",
      title: `Blogu ya ${fallbackSiteConfig.brandName}`,
    });
  });

  it("lists the same alternates as the page's sitemap entry: none for a one-language post", () => {
    const site = "https://jenga.example";
    const pageLinks = (alternates: Record<string, string>) =>
      pageMeta(matchesIn("en"), { description: "d", path: "/blog/2", alternates })
        .map((tag) => tag as { hrefLang?: string; href?: string })
        .filter((tag) => tag.hrefLang)
        .map((tag) => `${tag.hrefLang} ${tag.href}`);
    const sitemapLinks = (alternates: Record<string, string>) =>
      [
        ...sitemapXml(site, [], [{ post: summary(2, []), alternates }]).matchAll(
          /hreflang="([^"]+)" href="([^"]+)"/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`);
    expect(pageLinks({ en: "/blog/2" })).toEqual([]);
    expect(sitemapLinks({ en: "/blog/2" })).toEqual([]);
    const translated = { en: "/blog/1", sw: "/sw/blog/7" };
    expect(pageLinks(translated)).toEqual([
      `en ${site}/blog/1`,
      `sw ${site}/sw/blog/7`,
      `x-default ${site}/blog/1`,
    ]);
    expect(sitemapLinks(translated)).toEqual(pageLinks(translated));
  });

  it("names the page's own canonical URL in its structured data, the logo on its publisher", () => {
    const post = { ...summary(8, []), content: "", lang: "fr" as const };
    const tags = pageMeta(matchesIn("fr"), {
      description: "d",
      path: "/blog/8",
      alternates: { en: "/blog/1", fr: "/fr/blog/8" },
      jsonLd: blogPostingJsonLd(post),
    });
    const jsonLd = (tags.find((tag) => "script:ld+json" in tag) as Record<string, unknown>)[
      "script:ld+json"
    ];
    expect(jsonLd).toMatchObject({
      mainEntityOfPage: "https://jenga.example/fr/blog/8",
      publisher: { url: "https://jenga.example/fr/", logo: "https://jenga.example/logo.svg" },
    });
  });

  it("leaves the feed off pages kept out of search results", () => {
    const tags = pageMeta(matchesIn("fr"), { description: "d", path: "/admin", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(feedOf(tags)).toBeUndefined();
  });

  it("gives an admin page in French its one address, no /fr/admin alternates", () => {
    const tags = pageMeta(matchesIn("fr"), {
      description: "d",
      path: "/admin/messages",
      noindex: true,
    });
    const links = tags.filter((tag) => "tagName" in tag && tag.tagName === "link");
    expect(links.filter((tag) => "rel" in tag && tag.rel === "alternate")).toEqual([]);
    const canonical = links.find((tag) => "rel" in tag && tag.rel === "canonical");
    expect(canonical && "href" in canonical ? String(canonical.href) : "").toMatch(
      /^https?:\/\/[^/]+\/admin\/messages$/,
    );
  });
});

describe("meta descriptions", () => {
  const filler = "Websites, apps and marketing for African businesses.";
  it("cut a long text on a word boundary to at most 160 characters", () => {
    const long = "Word ".repeat(60).trim();
    const fitted = fitDescription(long, filler);
    expect(fitted.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(fitted).toMatch(/Word…$/);
  });
  it("complete a short text with the site's description", () => {
    expect(fitDescription("Short excerpt.", filler)).toBe(`Short excerpt. ${filler}`);
    expect(fitDescription("", filler)).toBe(filler);
  });
  it("keep a text of the right length as it is", () => {
    const text = "A description of exactly the kind search engines show whole on a phone.";
    expect(fitDescription(text, filler)).toBe(text);
  });
  it("are 50–160 characters for every page of the catalogues in every language", () => {
    for (const locale of ["en", "sw", "fr"] as const) {
      const catalogue = readFileSync(`app/i18n/messages/${locale}.json`, "utf8");
      const meta = (JSON.parse(catalogue) as { meta: Record<string, string> }).meta;
      for (const [key, text] of Object.entries(meta)) {
        if (!key.endsWith("Description")) continue;
        expect(text.length, `${locale} meta.${key}`).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
        expect(text.length, `${locale} meta.${key}`).toBeLessThanOrEqual(DESCRIPTION_MAX);
      }
    }
  });
});
