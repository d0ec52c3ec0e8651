import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";
import { BENCH_ADMIN_ENV, benchHeaders, benchSessions } from "./lib/bench-accounts.ts";
import {
  type BenchServer,
  type Figures,
  measure,
  medianFigures,
  startBare,
} from "./lib/measure.ts";

/**
 * npm run bench:workers — uncached server-side rendering, the site's real capacity: `/`,
 * `/blog`, a filtered `/blog?tag=…` and an article with the page cache off, `/dashboard` signed
 * in as a client and `/admin/messages` (40 messages) as the administrator (never cached), with 1 and 2
 * workers, next to a bare node:http server sending the same bytes in the same run (the ratio is
 * what counts on a noisy machine). The three servers run side by side and are measured in turn,
 * BENCH_ROUNDS times (default 3, median kept), so a neighbour's load falls on all of them alike.
 * BENCH_DURATION (s per measurement, default 5), BENCH_CONNECTIONS (default 20).
 */
const duration = Number(process.env.BENCH_DURATION || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const paths = (
  process.env.BENCH_PATHS || "/,/blog,/blog?tag=seo,/blog/1,/dashboard,/admin/messages"
)
  .split(",")
  .filter(Boolean);
const PORT = 4860;

ensureBuild();
const variants = [1, 2].map((workers) => ({
  name: `workers${workers}`,
  workers,
  port: PORT + workers,
  dataDir: emptyDataDir(),
}));
const sites = await Promise.all(
  variants.map((v) =>
    startTestSite({
      port: v.port,
      dataDir: v.dataDir,
      env: { PAGE_CACHE: "off", WEB_CONCURRENCY: String(v.workers), ...BENCH_ADMIN_ENV },
      passThrough: true,
    }),
  ),
);
/** Per server: the sessions signed-in paths are asked with (a client, the admin). */
const sessions = await Promise.all(sites.map(benchSessions));
const headersFor = (path: string, server: number): Record<string, string> => {
  const jar = sessions[server];
  return jar ? benchHeaders(path, jar) : {};
};
const captureDir = emptyDataDir();
const bare: BenchServer[] = [];
for (const [index, path] of paths.entries()) {
  const headers = headersFor(path, 0);
  const page = await fetch(`${sites[0]?.url}${path}`, { headers, redirect: "manual" });
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const file = join(captureDir, `page-${index}.html`);
  writeFileSync(file, Buffer.from(await page.arrayBuffer()));
  bare.push(await startBare(PORT + 10 + index, file));
}

const samples: Record<string, Record<string, Figures[]>> = {};
for (let round = 0; round <= rounds; round++) {
  for (const [index, path] of paths.entries()) {
    samples[path] ??= {};
    const row = samples[path];
    const targets = [
      ...variants.map((v, i) => ({
        name: v.name,
        url: `${sites[i]?.url}${path}`,
        pid: sites[i]?.child.pid ?? 0,
        headers: headersFor(path, i),
      })),
      {
        name: "bare",
        url: `http://127.0.0.1:${PORT + 10 + index}/`,
        pid: bare[index]?.pid ?? 0,
        headers: {} as Record<string, string>,
      },
    ];
    for (const target of targets) {
      const figures = await measure(
        target.url,
        target.pid,
        { connections, duration },
        target.headers,
      );
      if (round === 0) continue; // round 0 warms up
      row[target.name] ??= [];
      row[target.name]?.push(figures);
    }
  }
}
for (const server of bare) server.stop();
await Promise.all(sites.map((site) => site.stop()));
for (const v of variants) removeDir(v.dataDir);
removeDir(captureDir);

const results = Object.fromEntries(
  Object.entries(samples).map(([path, row]) => [
    path,
    Object.fromEntries(Object.entries(row).map(([name, list]) => [name, medianFigures(list)])),
  ]),
);
const cell = (f: Figures) => `${f.rps} (${f.p50}/${f.p99})`;
console.log(
  `\n${connections} connections, ${duration} s per measurement, median of ${rounds} interleaved rounds; req/s (p50/p99 ms)\n`,
);
console.log(
  "| page | 1 worker | 2 workers | bare node:http, same bytes | 1 worker / bare | 2 workers / 1 worker | CPU ms/request: site (1 w / 2 w) | bare | bare / site CPU | non-2xx |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const [path, row] of Object.entries(results)) {
  const one = row.workers1 as Figures;
  const two = row.workers2 as Figures;
  const ceiling = row.bare as Figures;
  console.log(
    `| \`${path}\`${path.startsWith("/dashboard") || path.startsWith("/admin") ? " (signed in)" : ""} | ${cell(one)} | ${cell(two)} | ${cell(ceiling)} | ${(one.rps / ceiling.rps).toFixed(3)} | ${(two.rps / one.rps).toFixed(2)} | ${one.cpuMs} / ${two.cpuMs} | ${ceiling.cpuMs} | ${(ceiling.cpuMs / one.cpuMs).toFixed(3)} | ${one.bad + two.bad} |`,
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/workers.json",
  `${JSON.stringify({ date: new Date().toISOString(), connections, duration, rounds, results, samples }, null, 2)}\n`,
);
