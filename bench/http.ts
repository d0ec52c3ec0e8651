import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";
import { startBare } from "./lib/measure.ts";

/**
 * npm run bench:http — throughput of public pages on the production server (embedded backend),
 * side by side with the static ceiling for the identical HTML bytes: the same server sending them
 * as a static file, and a bare node:http server sending them from memory.
 * Then cached `/` as browsers ask for it (a browser's User-Agent, one of 2000 visitors), with
 * analytics on and off side by side (issue 28: within 5 %).
 * BENCH_DURATION (s, default 8) and BENCH_CONNECTIONS (default 50) tune the run.
 */
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const pages = [
  { path: "/", name: "home" },
  { path: "/services", name: "services" },
  { path: "/blog", name: "blog" },
  { path: "/blog/1", name: "blog-1" },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Browsers' requests: each one of `visitors` User-Agents in turn (analytics counts them). */
function asBrowsers(visitors: number) {
  let next = 0;
  return [
    {
      setupRequest: (request: autocannon.Request): autocannon.Request => {
        next = (next + 1) % visitors;
        const ua = `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.${next}`;
        return { ...request, headers: { ...request.headers, "User-Agent": ua } };
      },
    },
  ];
}

async function load(url: string, seconds: number, browsers = false): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(browsers ? { requests: asBrowsers(2000) } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function measure(url: string, browsers = false): Promise<Figures> {
  await load(url, 2, browsers); // warm-up
  return load(url, duration, browsers);
}

ensureBuild();
const dataDir = emptyDataDir();
const captureDir = join(process.env.BUILD_DIR || "build", "client", "__bench");
mkdirSync(captureDir, { recursive: true });

// 1. Capture each page's exact bytes (no encoding, as autocannon requests them).
let site = await startTestSite({ port: 4810, dataDir, passThrough: true });
for (const page of pages) {
  const response = await fetch(`${site.url}${page.path}`, {
    headers: { "Accept-Encoding": "identity" },
  });
  writeFileSync(join(captureDir, `${page.name}.html`), Buffer.from(await response.arrayBuffer()));
}
await site.stop();

// 2. Measure: page cache on (production default), SSR without cache, static file, bare server.
site = await startTestSite({ port: 4810, dataDir, passThrough: true });
const uncachedDir = emptyDataDir();
const uncached = await startTestSite({
  port: 4811,
  dataDir: uncachedDir,
  env: { PAGE_CACHE: "off" },
  passThrough: true,
});
const rows: string[] = [];
const results: Record<string, unknown> = {};
for (const [index, page] of pages.entries()) {
  const bareServer = await startBare(4820 + index, join(captureDir, `${page.name}.html`));
  const cached = await measure(`${site.url}${page.path}`);
  const ssr = await measure(`${uncached.url}${page.path}`);
  const file = await measure(`${site.url}/__bench/${page.name}.html`);
  const bare = await measure(`http://127.0.0.1:${4820 + index}/`);
  bareServer.stop();
  results[page.path] = { cached, ssr, file, bare };
  const ratio = (a: Figures, b: Figures) => (a.rps / b.rps).toFixed(2);
  rows.push(
    `| \`${page.path}\` | ${cached.rps} (${cached.p50}/${cached.p99}) | ${ssr.rps} (${ssr.p50}/${ssr.p99}) | ${file.rps} | ${bare.rps} | ${ratio(cached, file)} | ${ratio(cached, bare)} | ${cached.non2xx + ssr.non2xx} |`,
  );
}
await uncached.stop();

// 3. Analytics on (the site above) and off, cached `/` as browsers ask for it, in turns.
const quietDir = emptyDataDir();
const quiet = await startTestSite({
  port: 4812,
  dataDir: quietDir,
  env: { ANALYTICS: "off" },
  passThrough: true,
});
const analytics: { on: Figures[]; off: Figures[] } = { on: [], off: [] };
for (let round = 0; round < 2; round++) {
  analytics.on.push(await measure(`${site.url}/`, true));
  analytics.off.push(await measure(`${quiet.url}/`, true));
}
await site.stop();
await quiet.stop();
removeDir(dataDir);
removeDir(uncachedDir);
removeDir(quietDir);
const mean = (runs: Figures[]) => Math.round(runs.reduce((sum, r) => sum + r.rps, 0) / runs.length);
results.analytics = { ...analytics, ratio: mean(analytics.on) / mean(analytics.off) };
removeDir(captureDir);

console.log(
  `\n${connections} connections, ${duration} s per measurement after a 2 s warm-up; req/s (p50/p99 ms)\n`,
);
console.log(
  "| page | served (page cache) | SSR, cache off | same bytes, static file | same bytes, bare node:http | served / static file | served / bare | non-2xx |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
console.log(
  `\nCached \`/\` as browsers (2000 User-Agents), req/s per round: analytics on ${analytics.on.map((r) => r.rps).join(", ")}; off ${analytics.off.map((r) => r.rps).join(", ")}; on / off ${(mean(analytics.on) / mean(analytics.off)).toFixed(3)}`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/http.json",
  `${JSON.stringify({ date: new Date().toISOString(), connections, duration, results }, null, 2)}\n`,
);
