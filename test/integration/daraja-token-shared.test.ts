/**
 * Daraja's OAuth token shared between the site's processes through Redis (REDIS_URL:
 * app/domain/payments/daraja/token-store.server.ts): two token caches, each with its own Redis
 * connection as two workers have, against a counting OAuth endpoint. Whatever the number of
 * callers in both, Daraja is asked for one token per expiry; a token Daraja refuses is renewed
 * once and the other worker takes the renewed one; a worker that stops while asking leaves the
 * others free to ask; Redis gone, each worker asks for its own and payments go on.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTokenCache, type TokenCache } from "~/domain/payments/daraja/token.server";
import { redisTokenStore } from "~/domain/payments/daraja/token-store.server";
import { startTestRedis, type TestRedis } from "../support/redis";

let redis: TestRedis;
let oauth: Server;
let baseUrl: string;
/** Token requests Daraja's stand-in here has answered, and how long it takes to answer. */
let requests = 0;
let answerAfterMs = 150;
const connections: Redis[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  oauth = createServer((req, res) => {
    // A Daraja having a bad moment: a slow 503.
    if (req.url?.startsWith("/down/oauth/v1/generate")) {
      setTimeout(() => res.writeHead(503).end(), 300);
      return;
    }
    if (!req.url?.startsWith("/oauth/v1/generate")) {
      res.writeHead(404).end();
      return;
    }
    requests += 1;
    const token = `token-${requests}`;
    setTimeout(() => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ access_token: token, expires_in: "3599" }));
    }, answerAfterMs);
  });
  await new Promise<void>((resolve) => oauth.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(oauth.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
  await new Promise((resolve) => oauth?.close(resolve));
  await redis?.stop();
});

afterEach(async () => {
  requests = 0;
  answerAfterMs = 150;
  const admin = new Redis(redis.url);
  await admin.flushall();
  admin.disconnect();
});

/** The clock both workers read (a test moves it past a token's life). */
let clock = Date.now();
const now = () => clock;

/** A worker's token cache: its own Redis connection to the shared store (as the site's). */
async function worker(consumerKey = "key", warn?: (message: string) => void): Promise<TokenCache> {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  connection.on("error", () => {});
  connections.push(connection);
  await new Promise((resolve) => connection.once("ready", resolve));
  const app = { baseUrl, consumerKey, consumerSecret: "secret" };
  return createTokenCache(app, {
    timeoutMs: 2000,
    now,
    store: redisTokenStore(redis.url, app, connection),
    warn,
  });
}

const tokensOf = async (caches: TokenCache[], each: number) =>
  (
    await Promise.all(caches.flatMap((cache) => Array.from({ length: each }, () => cache.get())))
  ).map((result) => (result.ok ? result.token : `failed ${result.kind}`));

describe("Daraja's token across two workers with Redis", () => {
  it("is asked for once however many calls both workers make at once, and once again when it expires", async () => {
    const [a, b] = await Promise.all([worker(), worker()]);
    const first = await tokensOf([a, b], 5);
    expect(new Set(first)).toEqual(new Set(["token-1"]));
    expect(requests).toBe(1);
    // Both keep it: no new request while it lives.
    expect(await tokensOf([a, b], 2)).toEqual(Array(4).fill("token-1"));
    expect(requests).toBe(1);
    // An hour later (less the margin) it is fetched anew — once, for both.
    clock += 3600 * 1000;
    expect(new Set(await tokensOf([b, a], 3))).toEqual(new Set(["token-2"]));
    expect(requests).toBe(2);
  });

  it("renews a token Daraja refuses once, and the other worker takes the renewed one", async () => {
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(await tokensOf([a, b], 1)).toEqual(["token-1", "token-1"]);
    // Daraja says 404.001.03 to A: A forgets token-1 (here and in Redis) and asks for another.
    await a.invalidate("token-1");
    expect(await tokensOf([a], 1)).toEqual(["token-2"]);
    // B is refused token-1 later on: forgetting it leaves token-2 in Redis, which B then uses.
    await b.invalidate("token-1");
    expect(await tokensOf([b], 2)).toEqual(["token-2", "token-2"]);
    expect(requests).toBe(2);
  });

  it("does not share one Daraja app's token with another", async () => {
    const [sandbox, production] = await Promise.all([
      worker("sandbox-key"),
      worker("production-key"),
    ]);
    const [one, other] = await tokensOf([sandbox, production], 1);
    expect(new Set([one, other])).toEqual(new Set(["token-1", "token-2"]));
    expect(requests).toBe(2);
  });

  it("lets another worker ask when the one holding the lock fails to get a token", async () => {
    const [a, b] = await Promise.all([worker(), worker()]);
    // A worker whose token request fails (a slow 503) takes the lock first; B waits, sees the
    // lock go with the failure, and asks in turn.
    const app = { baseUrl, consumerKey: "key" };
    const shared = redisTokenStore(redis.url, app, connections[0]);
    const broken = createTokenCache(
      { baseUrl: `${baseUrl}/down`, consumerKey: "key", consumerSecret: "secret" },
      { timeoutMs: 2000, now, store: redisTokenStore(redis.url, app, connections[1]) },
    );
    const failing = broken.get();
    while (!(await shared.locked())) await new Promise((resolve) => setTimeout(resolve, 1));
    const [failed, fine] = await Promise.all([failing, b.get()]);
    expect(failed.ok).toBe(false);
    expect(fine).toEqual({ ok: true, token: "token-1" });
    expect(await tokensOf([a], 1)).toEqual(["token-1"]);
    expect(requests).toBe(1);
  });

  it("asks for a token of its own while Redis does not answer, and says so once", async () => {
    const warnings: string[] = [];
    const [a, b] = await Promise.all([
      worker("key", (m) => warnings.push(m)),
      worker("key", () => {}),
    ]);
    await redis.kill();
    try {
      expect(await tokensOf([a, b], 2)).toEqual(["token-1", "token-1", "token-2", "token-2"]);
      expect(requests).toBe(2);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/shared token store did not answer/);
    } finally {
      redis = await startTestRedis(redis.port);
    }
  });
});
