import { existsSync } from "node:fs";
import { join } from "node:path";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestSite, type TestSite } from "../support/site";

const dead = async () => ({
  SUPABASE_URL: `http://127.0.0.1:${await freePort()}`,
  SUPABASE_ANON_KEY: "anon-key-of-a-dead-backend",
});

/**
 * The site saw its content once, then the backend went away: after a restart with the backend
 * unreachable, public pages still render from the content it kept (SITE_CONTENT_FILE), the blog
 * says it could not load posts (503), forms keep the typed input and show an error, guarded
 * pages fail closed, and the process stays up.
 */
describe("backend down", () => {
  let site: TestSite;
  let contentFile: string;
  beforeAll(async () => {
    // Its own directory: the content file must outlive the first site's stop().
    const before = await startTestSite({ dataDir: await createTestDataDir() });
    contentFile = join(before.dataDir, "site-content.json");
    expect((await fetch(`${before.url}/`)).status).toBe(200);
    for (let i = 0; i < 100 && !existsSync(contentFile); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await before.stop();
    site = await startTestSite({ env: { ...(await dead()), SITE_CONTENT_FILE: contentFile } });
  }, 90_000);
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

  it("still renders the home, services, contact and legal pages, in every language", async () => {
    const pages = ["/", "/services", "/services/web-development", "/contact", "/privacy"];
    for (const path of [...pages, "/sw/services/bulk-sms", "/fr/terms"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
    }
    const html = await (await fetch(`${site.url}/fr/services/ai-chatbot-assistants`)).text();
    expect(html).toContain("Recherche vectorielle");
    expect(html).toContain("hello@jengadigital.co.ke");
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

describe("backend down before the site ever saw its content", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({
      env: { ...(await dead()), SITE_CONTENT_FILE: join("/nonexistent", "site-content.json") },
    });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("says the pages are temporarily unavailable (503), never 500, and shows the shell", async () => {
    for (const path of ["/", "/services", "/services/web-development", "/terms"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(503);
      const html = await response.text();
      expect(html).toContain("Temporarily unavailable");
      expect(html).toContain("<footer");
    }
    expect((await fetch(`${site.url}/login`)).status).toBe(200);
    expect(site.child.exitCode).toBeNull();
  });
});
