import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestSite, type TestSite } from "../support/site";

/**
 * The site with its Supabase backend unreachable: public pages still render, the blog says it
 * could not load posts (503), forms keep the typed input and show an error, guarded pages fail
 * closed, and the process stays up.
 */
describe("backend down", () => {
  let site: TestSite;
  beforeAll(async () => {
    const deadPort = await freePort();
    site = await startTestSite({
      env: {
        SUPABASE_URL: `http://127.0.0.1:${deadPort}`,
        SUPABASE_ANON_KEY: "anon-key-of-a-dead-backend",
      },
    });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("is alive (/healthz 200) but not ready (/readyz 503)", async () => {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe("unavailable");
    expect(body.checks.supabase).not.toBe("ok");
  });

  it("still renders the home and services pages", async () => {
    for (const path of ["/", "/services", "/services/web-development", "/contact"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it("answers 503 on the blog list with a friendly message and the rest of the page", async () => {
    const response = await fetch(`${site.url}/blog`);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toMatch(/couldn.t load/i);
    expect(html).toContain("<footer");
  });

  it("keeps the contact form input and shows an error", async () => {
    const response = await fetch(`${site.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Wanjiku Mwangi",
        email: "wanjiku@example.com",
        message: "Please call me about a new website.",
        name__confirm: "",
      }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).not.toBe(500);
    const html = await response.text();
    expect(html).toContain("Wanjiku Mwangi");
    expect(html).toContain("Please call me about a new website.");
  });

  it("fails closed on guarded pages", async () => {
    const response = await fetch(`${site.url}/dashboard`, {
      redirect: "manual",
      headers: { Cookie: "sb-127-auth-token=base64-eyJhY2Nlc3NfdG9rZW4iOiJ4In0" },
    });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(site.child.exitCode).toBeNull();
  });
});
