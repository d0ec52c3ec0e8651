import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";

const scriptSrc = (csp: string) => /script-src [^;]*/.exec(csp)?.[0] ?? "";

test("GET /healthz answers 200 JSON", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("npm start serves React's production build (NODE_ENV=production)", async ({ request }) => {
  await request.get("/");
  expect(await (await request.get("/healthz")).json()).toMatchObject({ react: "production" });
});

test("freshly rendered documents carry a per-response nonce CSP on every script tag", async ({
  request,
}) => {
  // A cookie that looks like a session bypasses the anonymous page cache: a fresh render.
  const headers = { cookie: "sb-test-auth-token=1" };
  const response = await request.get("/", { headers });
  const csp = response.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
  expect(scriptSrc(csp)).not.toContain("unsafe-inline");
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await response.text();
  // Executable scripts only: JSON-LD data blocks are never run, so CSP does not govern them.
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !tag.includes('type="application/ld+json"'),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const second = await request.get("/", { headers });
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);
});

test("cached anonymous documents pin their inline scripts by hash, never unsafe-inline", async ({
  request,
}) => {
  await request.get("/services");
  const response = await request.get("/services");
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
  expect(scriptSrc(csp)).not.toContain("unsafe-inline");
  const html = await response.text();
  const inline = [
    ...html.matchAll(
      /<script\b(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ];
  expect(inline.length).toBeGreaterThan(0);
  for (const [, body] of inline) {
    const hash = createHash("sha256")
      .update(body ?? "", "utf8")
      .digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
  }
});

test("every response has the security headers", async ({ request }) => {
  for (const path of ["/", "/no-such-page", "/favicon.ico", "/healthz"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("HSTS is sent only behind HTTPS", async ({ request }) => {
  const plain = await request.get("/");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
});

test("hashed assets are immutable and compressed; other files short-lived", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /["\s](\/assets\/[\w.-]+\.js)["\s]/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("br");
  const icon = await request.get("/favicon.ico");
  expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("unknown paths answer 404 with the Not Found page", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Page Not Found");
});
