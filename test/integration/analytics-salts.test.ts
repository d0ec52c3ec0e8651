import { gunzipSync } from "node:zlib";
import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endOfDay } from "~/domain/analytics/salts.server";
import { agencyDay, visitorId } from "~/domain/analytics/visitor.server";
import { requestOnNewConnection } from "../support/http-client";
import { startTestRedis, type TestRedis } from "../support/redis";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Issue 40, finding 4: both day salts were in the backup snapshot, and with one a visitor hash
 * was reversed to its address in milliseconds. The salts now live in memory only — the cluster's
 * primary for its workers, Redis (expiring at the day's end) for instances — so a snapshot
 * taken while analytics runs holds none, and a visitor seen by every worker of two instances is
 * still one visitor. Two instances (A one process, B two workers) share one backend and Redis.
 */
const SITE = "http://analytics-salts.test";
const VISITOR = {
  ip: "198.51.100.77",
  ua: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
};
/** The sites' AGENCY_TIME_ZONE (the default): the salts are of its days. */
const ZONE = "Africa/Nairobi";
const today = () => agencyDay(Date.now(), ZONE);

let redis: TestRedis;
let backend: TestBackend;
let sites: TestSite[] = [];

beforeAll(async () => {
  [redis, backend] = await Promise.all([startTestRedis(), startTestBackend()]);
  const start = (workers: string) =>
    startTestSite({
      env: {
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: backend.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        REDIS_URL: redis.url,
        TRUST_PROXY: "on",
        ANALYTICS_FLUSH_SECONDS: "1",
        // Every instance of one site has one address: it is part of the visitor id.
        SITE_URL: SITE,
        WEB_CONCURRENCY: workers,
      },
      serviceRoleKey: backend.serviceRoleKey,
    });
  sites = await Promise.all([start("1"), start("2")]);
}, 60_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await backend?.close();
  await redis?.stop();
});

async function storedVisitors(): Promise<string[]> {
  const { data, error } = await (sites[0] as TestSite).service
    .from("analytics_events")
    .select("visitor");
  if (error) throw new Error(error.message);
  return data.map((row) => row.visitor as string);
}

async function waitForRows(count: number) {
  const deadline = Date.now() + 15_000;
  while ((await storedVisitors()).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return storedVisitors();
}

/** Every 64-hex-digit run in the bytes: each could be a salt. */
function saltShaped(bytes: Buffer): Set<string> {
  return new Set(bytes.toString("latin1").match(/[0-9a-f]{64}/g) ?? []);
}

describe("analytics salts", () => {
  it("are shared by every worker and instance, and expire at the day's end in Redis", async () => {
    // One visitor on A, then on B (new connections reach both of B's workers).
    for (const site of [sites[0], sites[1], sites[1], sites[1]] as TestSite[]) {
      const answer = await requestOnNewConnection(`${site.url}/services`, {
        headers: { "User-Agent": VISITOR.ua, "X-Forwarded-For": VISITOR.ip },
      });
      expect(answer.status).toBe(200);
    }
    const visitors = await waitForRows(4);
    expect(visitors).toHaveLength(4);
    expect(new Set(visitors).size).toBe(1);
    // B's request lines are written by now (batched per turn of its event loop).
    const workers = new Set(
      (sites[1] as TestSite)
        .requests()
        .filter((r) => r.path === "/services")
        .map((r) => r.worker),
    );
    expect(workers.size).toBe(2);

    const client = new Redis(redis.url);
    try {
      const key = `analytics:salt:${today()}`;
      const salt = (await client.get(key)) ?? "";
      expect(salt).toMatch(/^[0-9a-f]{64}$/);
      // It is the live salt: it makes the stored id.
      expect(visitorId(salt, new URL(SITE).host, VISITOR.ip, VISITOR.ua)).toBe(visitors[0]);
      // Expires at the agency's midnight to the millisecond (an absolute expiry, not a rounded
      // TTL): 21:00 UTC in Nairobi.
      const expiresAt = await client.pexpiretime(key);
      expect(expiresAt).toBe(endOfDay(today(), ZONE));
      expect(new Date(expiresAt).toISOString()).toMatch(/T21:00:00\.000Z$/);
      expect(await client.keys("analytics:salt:*")).toEqual([key]);
    } finally {
      client.disconnect();
    }
  });

  it("are in no backup snapshot taken while analytics runs", async () => {
    const client = new Redis(redis.url);
    const salt = (await client.get(`analytics:salt:${today()}`)) ?? "";
    client.disconnect();
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const snapshot = await fetch(`${backend.url}/backup/v1/snapshot`, {
      method: "POST",
      headers: {
        apikey: backend.serviceRoleKey,
        Authorization: `Bearer ${backend.serviceRoleKey}`,
      },
    });
    expect(snapshot.status).toBe(200);
    const tar = gunzipSync(Buffer.from(await snapshot.arrayBuffer()));
    expect(tar.length).toBeGreaterThan(1_000_000);
    // The stored visitor ids are in it; the salt is not, nor anything that makes those ids.
    const [stored] = await storedVisitors();
    expect(tar.includes(Buffer.from(stored ?? "-"))).toBe(true);
    expect(tar.includes(Buffer.from(salt))).toBe(false);
    const remakes = [...saltShaped(tar)].filter(
      (candidate) => visitorId(candidate, new URL(SITE).host, VISITOR.ip, VISITOR.ua) === stored,
    );
    expect(remakes).toEqual([]);
  });

  it("stand in from the machine while Redis is down: views are still counted", async () => {
    const before = (await storedVisitors()).length;
    await redis.kill();
    const answer = await requestOnNewConnection(`${(sites[0] as TestSite).url}/services`, {
      headers: { "User-Agent": VISITOR.ua, "X-Forwarded-For": "198.51.100.78" },
    });
    expect(answer.status).toBe(200);
    expect(await waitForRows(before + 1)).toHaveLength(before + 1);
  });
});
