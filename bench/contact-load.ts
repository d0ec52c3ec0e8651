import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { startTestSite } from "../test/integration/helpers/test-site.ts";
import { ensureBuild } from "./lib/server-process.ts";

/**
 * npm run bench:contact — 200 concurrent contact submissions for 30 s (LOAD_DURATION) against the
 * production server on the embedded backend, rate limits off. Checks: no 5xx, and stored rows ==
 * acknowledged (2xx/3xx) responses.
 */
const duration = Number(process.env.LOAD_DURATION || 30);
const connections = Number(process.env.LOAD_CONNECTIONS || 200);

ensureBuild();
const site = await startTestSite({ env: { RATE_LIMIT: "off", PAGE_CACHE: "off" } });
const before = await site.countRows("contact_messages");
const result = await autocannon({
  url: `${site.url}/contact`,
  method: "POST",
  connections,
  duration,
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({
    name: "Load Test",
    email: "load@example.com",
    message: "A load-test enquiry about a new website.",
    name__confirm: "",
  }).toString(),
});
const stored = (await site.countRows("contact_messages")) - before;
await site.stop();

const codes = result.statusCodeStats as Record<string, { count: number }>;
const count = (test: (status: number) => boolean) =>
  Object.entries(codes).reduce((sum, [status, s]) => sum + (test(Number(status)) ? s.count : 0), 0);
const acknowledged = count((s) => s >= 200 && s < 400);
const serverErrors = count((s) => s >= 500);
const summary = {
  date: new Date().toISOString(),
  connections,
  duration,
  requests: result.requests.total,
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  acknowledged,
  clientErrors: count((s) => s >= 400 && s < 500),
  serverErrors,
  timeouts: result.timeouts,
  storedRows: stored,
  consistent: stored === acknowledged,
};
console.log(
  `\n| connections | duration | requests | req/s | p50 / p99 ms | 2xx+3xx | 4xx | 5xx | timeouts | rows stored | rows = acknowledged |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
console.log(
  `| ${connections} | ${duration} s | ${summary.requests} | ${summary.rps} | ${summary.p50} / ${summary.p99} | ${acknowledged} | ${summary.clientErrors} | ${serverErrors} | ${summary.timeouts} | ${stored} | ${summary.consistent ? "yes" : "NO"} |`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/contact-load.json", `${JSON.stringify(summary, null, 2)}\n`);
if (serverErrors > 0 || !summary.consistent) process.exit(1);
