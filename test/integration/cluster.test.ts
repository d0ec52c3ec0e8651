import { TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactForm,
  FORM_HEADERS,
  msUntilEveryWorkerShows,
  publishPost,
  requestOnNewConnection,
} from "../support/http-client";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Two HTTP workers on one machine (WEB_CONCURRENCY=2): the rate-limit counters are the
 * primary's, so a visitor gets the documented 5 contact messages a minute however the
 * requests are spread over the workers; a post published through one worker empties the other's
 * cache at once; /readyz answers from any of them.
 */
describe("two workers", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ env: { WEB_CONCURRENCY: "2", RATE_LIMIT: "on" } });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("shares the contact limit: six posts over both workers, the sixth is 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await requestOnNewConnection(`${site.url}/contact`, {
        method: "POST",
        headers: FORM_HEADERS,
        body: contactForm(`Cluster rate-limit message number ${i + 1}.`),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5).every((status) => status >= 300 && status < 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    const workers = new Set(
      site
        .requests()
        .filter((r) => r.method === "POST" && r.path === "/contact")
        .map((r) => r.worker),
    );
    expect([...workers].sort()).toEqual([1, 2]);
  });

  it("answers /healthz and /readyz from each worker", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await requestOnNewConnection(`${site.url}/readyz`)).status).toBe(200);
    }
    const workers = new Set(
      site
        .requests()
        .filter((r) => r.path === "/readyz")
        .map((r) => r.worker),
    );
    expect(workers.size).toBe(2);
  });

  it("empties the other worker's cached /blog when a post is published (IPC)", async () => {
    for (let i = 0; i < 4; i++) await requestOnNewConnection(`${site.url}/blog`);
    const cached = await requestOnNewConnection(`${site.url}/blog`);
    expect(cached.headers["x-cache"]).toBe("HIT");
    const login = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: FORM_HEADERS,
      body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const title = `Published on one worker ${Date.now()}`;
    await publishPost(site.url, cookie, title);
    expect(await msUntilEveryWorkerShows(`${site.url}/blog`, title)).toBeLessThan(1000);
  });

  it("exits 0 on SIGTERM, workers included", async () => {
    const exited = new Promise<number | null>((resolve) => site.child.once("exit", resolve));
    site.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await site.waitForLog(/Shut down cleanly/);
  });
});
