import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/backend";
import {
  contactForm,
  FORM_HEADERS,
  msUntilEveryWorkerShows,
  publishPost,
  requestOnNewConnection,
} from "../support/http-client";
import { startTestRedis, type TestRedis } from "../support/redis";
import { startTestSite, storedMessageIds, type TestSite } from "../support/site";
import { announceSiteChange } from "../support/site-content";

/**
 * Three instances of the site (A and C one process each, B two workers) sharing one embedded
 * backend, one SESSION_SECRET and one Redis: rate limits are global, a post published on A
 * empties B's cached /blog within a second, a session started on A works on B and C, and
 * killing an instance under contact load loses no acknowledged message.
 */
describe("three instances + Redis + one backend", () => {
  let redis: TestRedis;
  let backend: TestBackend;
  let sites: TestSite[] = [];
  let a: TestSite;
  let b: TestSite;
  let c: TestSite;

  beforeAll(async () => {
    [redis, backend] = await Promise.all([startTestRedis(), startTestBackend()]);
    const shared = {
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
      REDIS_URL: redis.url,
      RATE_LIMIT: "on",
      TRUST_PROXY: "1",
      SESSION_SECRET: "three-instances-share-this-session-secret",
    };
    const start = (workers: string) =>
      startTestSite({
        env: { ...shared, WEB_CONCURRENCY: workers },
        serviceRoleKey: backend.serviceRoleKey,
      });
    sites = await Promise.all([start("1"), start("2"), start("1")]);
    [a, b, c] = sites as [TestSite, TestSite, TestSite];
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await backend?.close();
    await redis?.stop();
  });

  const signIn = async (site: TestSite, email: string, password: string, ip: string) => {
    const response = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { ...FORM_HEADERS, "X-Forwarded-For": ip },
      body: new URLSearchParams({ email, password }),
    });
    await response.arrayBuffer();
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => !pair?.endsWith("="))
      .join("; ");
    return { status: response.status, cookie };
  };

  it("enforces the login limit (10/min per e-mail) across instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const site = sites[i % 3] as TestSite;
      // A new address each time: only the per-e-mail counter can refuse the 11th.
      const { status } = await signIn(
        site,
        "global-limit@example.com",
        "wrong-pass-1",
        `198.51.100.${i + 1}`,
      );
      statuses.push(status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it("shows a post published on A in B's cached /blog within 1 s", async () => {
    // B's two workers both hold /blog in their cache.
    for (let i = 0; i < 4; i++) await requestOnNewConnection(`${b.url}/blog`);
    const hit = await requestOnNewConnection(`${b.url}/blog`);
    expect(hit.headers["x-cache"]).toBe("HIT");
    const admin = await signIn(a, backend.admin.email, backend.admin.password, "192.0.2.10");
    expect(admin.status).toBe(302);
    const title = `Published across instances ${Date.now()}`;
    await publishPost(a.url, admin.cookie, title);
    expect(await msUntilEveryWorkerShows(`${b.url}/blog`, title)).toBeLessThan(1000);
  });

  it("shows a site content change on every instance and worker within 1 s of its event", async () => {
    // Every instance holds /services in its page cache and its content snapshot.
    for (const site of sites) {
      for (let i = 0; i < 4; i++) await requestOnNewConnection(`${site.url}/services`);
    }
    const { error } = await a.service
      .from("services")
      .update({ title: { en: "Websites That Sell", sw: "Tovuti Zinazouza" } })
      .eq("slug", "web-development");
    expect(error).toBeNull();
    // What an admin's save on A announces (server/content-bus.ts), heard by every instance.
    await announceSiteChange(redis.url, "services");
    const times = await Promise.all(
      sites.map((site) => msUntilEveryWorkerShows(`${site.url}/services`, "Websites That Sell")),
    );
    console.log(`site content change: ${times.map((ms) => ms.toFixed(0)).join(" / ")} ms (A/B/C)`);
    for (const ms of times) expect(ms).toBeLessThan(1000);
    expect((await requestOnNewConnection(`${c.url}/sw/services`)).body).toContain(
      "Tovuti Zinazouza",
    );
  });

  it("accepts a session started on A on B and C", async () => {
    const user = await createUser(backend);
    const session = await signIn(a, user.email, user.password, "192.0.2.20");
    expect(session.status).toBe(302);
    for (const site of [b, c, a]) {
      const dashboard = await fetch(`${site.url}/dashboard`, {
        redirect: "manual",
        headers: { Cookie: session.cookie },
      });
      expect(dashboard.status, site.url).toBe(200);
      expect(await dashboard.text()).toContain("Amina");
    }
  });

  it("loses no acknowledged contact message when an instance is SIGKILLed under load", async () => {
    const run = `kill-${Date.now().toString(36)}`;
    const alive = new Set([a, b, c]);
    const acknowledged = new Set<string>();
    const unexpected: string[] = [];
    let sequence = 0;
    // Twelve clients for 12 s; one instance is killed a third of the way in, mid-requests.
    const deadline = performance.now() + 12_000;
    const killAt = performance.now() + 4_000;
    let killed = false;
    const client = async () => {
      while (performance.now() < deadline) {
        const site = [...alive][sequence % alive.size] as TestSite;
        const id = `${run}-${++sequence}`;
        if (!killed && performance.now() > killAt) {
          killed = true;
          alive.delete(c);
          void c.kill();
        }
        try {
          const response = await fetch(`${site.url}/contact`, {
            method: "POST",
            redirect: "manual",
            // Every message from an address of its own: the contact limit stays out of the way.
            headers: { ...FORM_HEADERS, "X-Forwarded-For": `2001:db8::${sequence.toString(16)}` },
            body: contactForm(`Instance kill test message (${id}).`),
          });
          await response.arrayBuffer();
          if (response.status >= 300 && response.status < 400) acknowledged.add(id);
          else if (response.status !== 503) unexpected.push(`${response.status}`);
        } catch {
          // Only the killed instance may drop a connection (an unacknowledged message).
          if (site !== c) unexpected.push(`${site.url} failed`);
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, client));
    expect(killed).toBe(true);
    expect(unexpected).toEqual([]);
    const stored = new Set(await storedMessageIds(a.service, run));
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    console.log(`instance kill: ${acknowledged.size} acknowledged, ${stored.size} stored, 0 lost`);
  }, 60_000);

  it("is not ready while Redis is down, and still limits sign-ins on each instance", async () => {
    await redis.kill();
    let ready = 200;
    while (ready !== 503) ready = (await fetch(`${a.url}/readyz`)).status;
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await signIn(a, "insured@example.com", "wrong-pass-2", `203.0.113.${i + 1}`)).status,
      );
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });
});
