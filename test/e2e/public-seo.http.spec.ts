import { expect, test } from "@playwright/test";

const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

test("public pages answer 200 with a CDN-friendly Cache-Control", async ({ request }) => {
  for (const path of [
    "/",
    "/services",
    "/services/bulk-sms",
    "/blog",
    "/blog/1",
    "/contact",
    "/terms",
    "/privacy",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe(PUBLIC_CACHE);
  }
});

test("unknown ids answer 404 and are not cached publicly", async ({ request }) => {
  for (const path of ["/services/nope", "/blog/999999", "/blog/abc", "/blog/0"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["cache-control"] ?? "", path).not.toContain("public");
    expect(await response.text(), path).toContain("Page Not Found");
  }
});

test("signed-in looking requests are private", async ({ request }) => {
  const response = await request.get("/blog", {
    headers: { Cookie: "sb-127-auth-token=base64-eyJ4IjoxfQ" },
  });
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("pages carry title, description, canonical, Open Graph, Twitter and JSON-LD", async ({
  request,
  baseURL,
}) => {
  const home = await (await request.get("/")).text();
  expect(home).toContain(`<link rel="canonical" href="${baseURL}/"`);
  expect(home).toMatch(/<meta name="description" content="[^"]+"/);
  expect(home).toContain(`<meta property="og:image" content="${baseURL}/images/og-default.png"`);
  expect(home).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(home).toContain('"@type":"Organization"');

  const service = await (await request.get("/services/web-development")).text();
  expect(service).toContain("<title>Web Development | Jenga Digital</title>");
  expect(service).toContain('"@type":"Service"');

  const post = await (await request.get("/blog/5")).text();
  expect(post).toContain("<title>AI Chatbots for Customer Service | Jenga Digital</title>");
  expect(post).toContain('<meta property="og:type" content="article"');
  // The seeded covers are uploads now (issue 16): a JPEG that social networks can show.
  expect(post).toContain(
    `<meta property="og:image" content="${baseURL}/media/33125f6b42fd344dc365118555fedf4b/1600.jpg"`,
  );
  expect(post).toContain('"@type":"BlogPosting"');
  expect(post).toContain(`<link rel="canonical" href="${baseURL}/blog/5"`);

  const contact = await (await request.get("/contact")).text();
  expect(contact).toContain("<title>Contact | Jenga Digital</title>");
});

test("sitemap.xml lists static routes and published posts", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const path of [
    "/",
    "/services",
    "/services/graphic-design",
    "/blog",
    "/contact",
    "/blog/6",
    "/terms",
    "/privacy",
  ])
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml).not.toContain("/admin");
});

test("robots.txt keeps crawlers out of the private areas", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  for (const line of ["Disallow: /admin", "Disallow: /dashboard", "Disallow: /profile"])
    expect(text).toContain(line);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("blog/rss.xml is an RSS 2.0 feed of published posts", async ({ request }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain("<title>Why Every Kenyan Business Needs a Website in 2026</title>");
});

test("GET /newsletter shows the sign-up box; a POST result is not cached", async ({
  request,
  baseURL,
}) => {
  const get = await request.get("/newsletter", { maxRedirects: 0 });
  expect(get.status()).toBe(200);
  expect(await get.text()).toContain("Subscribe to our newsletter");
  const post = await request.post("/newsletter", {
    form: { email: "" },
    headers: { Origin: baseURL! },
  });
  expect(post.status()).toBe(400);
  expect(post.headers()["cache-control"]).toBe("private, no-store");
});

test("every local image and video the public pages use exists", async ({ request }) => {
  const html = (
    await Promise.all(
      ["/", "/blog", "/blog/1", "/services/web-development"].map(async (p) =>
        (await request.get(p)).text(),
      ),
    )
  ).join("\n");
  const paths = new Set(
    [...html.matchAll(/(?:src|poster)="(\/(?:images|video)\/[^"]+)"/g)].map((m) => m[1]!),
  );
  expect(paths.size).toBeGreaterThan(10);
  for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
  expect(html).not.toMatch(/(?:src|poster)="https?:\/\//);
});

test("every page's description is 50–160 characters, in every language", async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = new Set(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "", baseURL).pathname),
  );
  for (const lang of ["", "/sw", "/fr"]) {
    for (const path of ["/contact", "/newsletter", "/login", "/signup", "/forgot-password"]) {
      paths.add(`${lang}${path}`);
    }
  }
  const decode = (text: string) =>
    text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    expect(description.length, `${path}: ${description}`).toBeGreaterThanOrEqual(50);
    expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(160);
  }
});
