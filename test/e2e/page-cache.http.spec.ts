import { expect, test } from "@playwright/test";

/** A page of its own in the cache: the blog filtered by a category nobody uses. */
const unique = () =>
  `/blog?category=cache-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("anonymous pages are served from the cache with a stable ETag and a strict CSP", async ({
  request,
}) => {
  const path = unique();
  const first = await request.get(path);
  expect(first.headers()["x-cache"]).toBe("MISS");
  const second = await request.get(path);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());
  const etag = second.headers().etag;
  expect(etag).toBeTruthy();
  expect(second.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  // Cached documents allow exactly their own inline scripts (hashes), never 'unsafe-inline'.
  const csp = second.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain("unsafe-inline' 'sha");
  const revalidated = await request.get(path, { headers: { "If-None-Match": etag! } });
  expect(revalidated.status()).toBe(304);
});

test("a signed-in request is never answered from, nor stored in, the cache", async ({
  request,
}) => {
  const path = unique();
  const cookie = { Cookie: "sb-127-auth-token=base64-eyJ4IjoxfQ" };
  const personal = await request.get(path, { headers: cookie });
  expect(personal.headers()["x-cache"]).toBeUndefined();
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
  const nonce = nonceOf(personal.headers()["content-security-policy"]);
  expect(nonce).toBeTruthy();
  expect(await personal.text()).toContain(`nonce="${nonce}"`);
  // Its response was not stored: the next anonymous request is a miss.
  expect((await request.get(path)).headers()["x-cache"]).toBe("MISS");
  // And a cached anonymous page is not handed to a signed-in visitor.
  const again = await request.get(path, { headers: cookie });
  expect(again.headers()["x-cache"]).toBeUndefined();
  expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(nonce);
});

test("errors are never cached", async ({ request }) => {
  const missing = `/no-such-page-${Date.now()}`;
  await request.get(missing);
  const second = await request.get(missing);
  expect(second.status()).toBe(404);
  expect(second.headers()["x-cache"]).toBeUndefined();
  expect(second.headers()["cache-control"]).toBe("private, no-store");
});

test("parameters a page does not read share its cache entry; junk cannot flood the cache", async ({
  request,
}) => {
  const path = unique();
  expect((await request.get(path)).headers()["x-cache"]).toBe("MISS");
  const junk = await request.get(`${path}&utm_source=mail&x=${Date.now()}`);
  expect(junk.headers()["x-cache"]).toBe("HIT");
});
