import type { EventEmitter } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { startTestSite } from "../test/support/site.ts";
import { ensureBuild } from "./lib/server-process.ts";

/**
 * npm run bench:login-flood — credential stuffing while visitors read the cached /blog, in one
 * run on one instance:
 * 1. `/blog` alone (the baseline);
 * 2. "rotating": FLOOD_CONNECTIONS connections post wrong passwords for ever-new addresses from
 *    ever-new X-Forwarded-For addresses (TRUST_PROXY=1: no per-client or per-e-mail limit ever
 *    applies), while visitors read `/blog`;
 * 3. "at the limits": 40 addresses × 10 wrong passwords, each address from a client address of
 *    its own (every attempt within the limits), while visitors read `/blog`.
 * Goal: cached `/blog` p99 ≤ 50 ms during both floods; `/healthz` keeps answering.
 */
const SECONDS = Number(process.env.FLOOD_SECONDS || 15);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS || 50);
const ADDRESSES = Number(process.env.FLOOD_ADDRESSES || 40);
const ATTEMPTS = Number(process.env.FLOOD_ATTEMPTS || 10);
const READERS = 10;
/** The rotating flood tries this many addresses in turn (each soon over its per-e-mail limit). */
const EMAILS = Number(process.env.FLOOD_EMAILS || 100);

ensureBuild();
const site = await startTestSite({
  env: {
    RATE_LIMIT: "on",
    TRUST_PROXY: "1",
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1",
  },
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Polls /healthz every 100 ms until `stop()`; returns its latencies. */
function probeHealth() {
  const health: number[] = [];
  const timer = setInterval(async () => {
    const started = performance.now();
    await fetch(`${site.url}/healthz`).then((r) => r.arrayBuffer());
    health.push(performance.now() - started);
  }, 100);
  return () => {
    clearInterval(timer);
    return { p50: percentile(health, 50), p99: percentile(health, 99) };
  };
}

function readBlog(seconds: number) {
  return autocannon({ url: `${site.url}/blog`, connections: READERS, duration: seconds });
}

function blogFigures(run: autocannon.Result) {
  return {
    requests: run.requests.total,
    rps: run.requests.average,
    p50: run.latency.p50,
    p99: run.latency.p99,
    errors: run.errors + run.non2xx,
  };
}

/**
 * Every request of the flood comes from a new client address (no per-client limit applies),
 * for one of EMAILS addresses in turn (past 10 a minute each, the per-e-mail limit answers).
 */
async function rotatingFlood() {
  let n = 0;
  const statuses: Record<string, number> = {};
  const flood = autocannon({
    url: `${site.url}/login`,
    connections: CONNECTIONS,
    duration: SECONDS + 2,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          n++;
          return {
            ...request,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: `email=stuffed-${n % EMAILS}%40example.com&password=wrong-password-${n}`,
          };
        },
      },
    ],
  });
  // Without a callback autocannon answers a promise that is also its event emitter.
  (flood as unknown as EventEmitter).on("response", (_client: unknown, statusCode: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stopHealth = probeHealth();
  const blog = await readBlog(SECONDS);
  const healthz = stopHealth();
  const attempts = await flood;
  return {
    connections: CONNECTIONS,
    attempts: { total: attempts.requests.total, rps: attempts.requests.average, statuses },
    signIn: { p50: attempts.latency.p50, p99: attempts.latency.p99 },
    cachedBlog: blogFigures(blog),
    healthz,
  };
}

async function signInAttempt(address: number, attempt: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${site.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    },
    body: new URLSearchParams({
      email: `flood-${address}@example.com`,
      password: `wrong-password-${attempt}`,
    }),
  });
  await response.arrayBuffer();
  if (response.status >= 500 && response.status !== 503) {
    throw new Error(`sign-in answered ${response.status}`);
  }
  return performance.now() - started;
}

/** 40 addresses × 10 wrong passwords, each address from its own client address. */
async function floodAtTheLimits() {
  const durations: number[] = [];
  const stopHealth = probeHealth();
  const reading = readBlog(SECONDS);
  await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, address) => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        durations.push(await signInAttempt(address, attempt));
      }
    }),
  );
  const blog = await reading;
  return {
    addresses: ADDRESSES,
    attempts: ATTEMPTS,
    requests: durations.length,
    signIn: { p50: percentile(durations, 50), p99: percentile(durations, 99) },
    cachedBlog: blogFigures(blog),
    healthz: stopHealth(),
  };
}

await fetch(`${site.url}/blog`); // fill the page cache
const alone = blogFigures(await readBlog(10));
const rotating = await rotatingFlood();
const atTheLimits = await floodAtTheLimits();
await site.stop();

const results = {
  date: new Date().toISOString(),
  workers: Number(process.env.WEB_CONCURRENCY || 1),
  cachedBlogAlone: alone,
  rotating,
  atTheLimits,
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/login-flood.json", `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
for (const [name, run] of [
  ["rotating", rotating],
  ["at the limits", atTheLimits],
] as const) {
  if (run.cachedBlog.p99 > 50) {
    console.error(`${name}: cached /blog p99 ${run.cachedBlog.p99} ms exceeds the 50 ms goal`);
    process.exitCode = 1;
  }
}
