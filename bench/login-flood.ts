import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { startTestSite } from "../test/support/site.ts";
import { ensureBuild } from "./lib/server-process.ts";

/**
 * npm run bench:login-flood — a sign-in flood at the documented limits (40 addresses × 10 wrong
 * passwords, each address from a client address of its own: 10/min per address and per e-mail,
 * all within the limits) while visitors read the cached /blog. Measures the cached page's
 * latency during the flood (goal: p99 ≤ 50 ms), the sign-ins' own answers and /healthz.
 */
const ADDRESSES = Number(process.env.FLOOD_ADDRESSES || 40);
const ATTEMPTS = Number(process.env.FLOOD_ATTEMPTS || 10);

ensureBuild();
const site = await startTestSite({ env: { RATE_LIMIT: "on", TRUST_PROXY: "1" } });

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
  if (response.status >= 500) throw new Error(`sign-in answered ${response.status}`);
  return performance.now() - started;
}

async function flood(): Promise<number[]> {
  const durations: number[] = [];
  await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, address) => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        durations.push(await signInAttempt(address, attempt));
      }
    }),
  );
  return durations;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

await fetch(`${site.url}/blog`); // fill the page cache
const health: number[] = [];
const healthProbe = setInterval(async () => {
  const started = performance.now();
  await fetch(`${site.url}/healthz`).then((r) => r.arrayBuffer());
  health.push(performance.now() - started);
}, 100);
const reading = autocannon({ url: `${site.url}/blog`, connections: 10, duration: 15 });
const logins = await flood();
const blog = await reading;
clearInterval(healthProbe);
await site.stop();

const results = {
  date: new Date().toISOString(),
  flood: { addresses: ADDRESSES, attempts: ATTEMPTS, requests: logins.length },
  signIn: { p50: percentile(logins, 50), p99: percentile(logins, 99) },
  cachedBlog: {
    requests: blog.requests.total,
    rps: blog.requests.average,
    p50: blog.latency.p50,
    p99: blog.latency.p99,
    errors: blog.errors + blog.non2xx,
  },
  healthz: { p50: percentile(health, 50), p99: percentile(health, 99) },
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/login-flood.json", `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
if (results.cachedBlog.p99 > 50) {
  console.error(`cached /blog p99 ${results.cachedBlog.p99} ms exceeds the 50 ms goal`);
  process.exitCode = 1;
}
