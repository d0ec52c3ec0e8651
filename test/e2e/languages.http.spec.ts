import { expect, test } from "@playwright/test";

/**
 * Languages and caching (issue 18): a page's language comes from its path only, so `/sw/…`
 * and English pages never share a cache entry; the home page's suggestion is personal and never
 * cached, while everyone else shares the cached `/`.
 */
const swahili = { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.8" };
const french = { "Accept-Language": "fr-FR,fr;q=0.9" };

test("the suggestion never enters nor comes from the cached home page", async ({ request }) => {
  const english = await request.get("/", { headers: { "Accept-Language": "en-US" } });
  expect(english.headers()["cache-control"]).toMatch(/public/);
  expect(await english.text()).not.toContain("Pendekezo la lugha");
  for (const headers of [swahili, french]) {
    const suggested = await request.get("/", { headers });
    expect(suggested.headers()["x-cache"]).toBeUndefined();
    expect(suggested.headers()["cache-control"]).toBe("private, no-store");
    const html = await suggested.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/Pendekezo la lugha|Suggestion de langue/);
  }
  // Whoever chose a language (any lang cookie) gets the shared English page.
  const chosen = await request.get("/", { headers: { ...swahili, Cookie: "lang=en" } });
  expect(chosen.headers()["x-cache"]).toBe("HIT");
  expect(await chosen.text()).toBe(await english.text());
});

test("each language's page is cached under its own path", async ({ request }) => {
  const paths = ["/services", "/sw/services", "/fr/services"];
  for (const path of paths) await request.get(path);
  const langs = [];
  for (const path of paths) {
    const page = await request.get(path, { headers: { Cookie: "lang=fr" } });
    expect(page.headers()["x-cache"]).toBe("HIT");
    langs.push(/<html lang="(\w+)"/.exec(await page.text())?.[1]);
  }
  expect(langs).toEqual(["en", "sw", "fr"]);
});

test("the switcher's link remembers the language and keeps the page", async ({ request }) => {
  const response = await request.get("/language?lang=sw&to=%2Fservices%2Fbulk-sms", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/sw/services/bulk-sms");
  expect(response.headers()["set-cookie"]).toMatch(/^lang=sw;.*Max-Age=31536000/);
  const offsite = await request.get("/language?lang=fr&to=%2F%2Fevil.example", {
    maxRedirects: 0,
  });
  expect(offsite.headers().location).toBe("/fr/");
});

test("every page names its three languages and x-default; crawlers get them in the sitemap", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get("/fr/services/web-hosting")).text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/fr/services/web-hosting"/>`);
  for (const [lang, path] of [
    ["en", "/services/web-hosting"],
    ["sw", "/sw/services/web-hosting"],
    ["fr", "/fr/services/web-hosting"],
    ["x-default", "/services/web-hosting"],
  ]) {
    expect(html.toLowerCase()).toContain(
      `<link rel="alternate" hreflang="${lang}" href="${baseURL}${path}"/>`.toLowerCase(),
    );
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(sitemap).toContain(`<loc>${baseURL}/sw/contact</loc>`);
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="fr" href="${baseURL}/fr/contact"/>`,
  );
});

test("each language has its own RSS feed", async ({ request, baseURL }) => {
  const pages: [page: string, feed: string, title: string][] = [
    ["/sw/blog", "/sw/blog/rss.xml", "Blogu ya"],
    ["/fr/services/web-hosting", "/fr/blog/rss.xml", "Le blog de"],
    ["/", "/blog/rss.xml", "Blog"],
  ];
  for (const [page, feed, title] of pages) {
    const html = await (await request.get(page)).text();
    const link = html.match(/<link rel="alternate" type="application\/rss\+xml"[^>]*>/)?.[0];
    expect(link, `${page} advertises its language's feed`).toContain(`href="${baseURL}${feed}"`);
    expect(link).toContain(title);
  }

  const sw = await (await request.get("/sw/blog/rss.xml")).text();
  expect(sw).toContain("<language>sw</language>");
  expect(sw).toContain("Kwa Nini Kila Biashara ya Kenya Inahitaji Tovuti");
  const en = await (await request.get("/blog/rss.xml")).text();
  expect(en).toContain("<language>en</language>");
  expect(en).not.toContain("Kwa Nini Kila Biashara");
});
