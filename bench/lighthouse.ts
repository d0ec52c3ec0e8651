import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";
import { categories, launchChrome, measure, medianOf } from "./lib/lighthouse.ts";

/**
 * npm run bench:lighthouse — Lighthouse (mobile preset) on the public pages of the production
 * server, driving Debian's Chromium. Prints the median of LH_RUNS runs (default 1) per page
 * (LH_ROUTES=/,/blog limits the pages); bench/results/lighthouse.json keeps the failing audits'
 * details, LH_DUMP=dir every full report, and LH_BURN=n runs n CPU-burning processes beside
 * the runs. Each page is requested once first, as anonymous visitors find it: from the page cache.
 * Tasks are timed by their thread's CPU time (bench/lib/lighthouse.ts, decision 016).
 */
const routes = process.env.LH_ROUTES?.split(",") ?? [
  "/",
  "/services",
  "/blog",
  "/blog/1",
  "/contact",
  "/sw/",
  "/fr/",
];
const runs = Number(process.env.LH_RUNS || 1);
// LH_BURN=n: n CPU-burning processes beside the runs, to see that the scores judge the page.
const burners = Array.from({ length: Number(process.env.LH_BURN || 0) }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);

ensureBuild();
const dataDir = emptyDataDir();
const site = await startTestSite({ port: 4840, dataDir, passThrough: true });
const chrome = await launchChrome();

const table: Record<string, ReturnType<typeof medianOf>> = {};
const failures: Record<string, string[]> = {};
const details: Record<string, Record<string, unknown>> = {};
for (const route of routes) {
  await fetch(`${site.url}${route}`);
  const { measured, failed } = await measure(`${site.url}${route}`, chrome.port, runs);
  for (const [i, result] of [...measured, ...failed].entries()) {
    if (!process.env.LH_DUMP) break;
    mkdirSync(process.env.LH_DUMP, { recursive: true });
    const name = route.replace(/[^a-z0-9]+/gi, "_") || "_";
    writeFileSync(`${process.env.LH_DUMP}/${name}-${i}.json`, JSON.stringify(result.lhr));
  }
  for (const result of failed) console.log(`${route}: not measured (${result.runtimeError})`);
  for (const result of measured)
    console.log(
      `${route}: performance ${result.scores.performance}, TBT ${Math.round(result.metrics["total-blocking-time"])} ms (benchmarkIndex ${Math.round(result.benchmarkIndex)}, ${Math.round(result.waitedMs)} ms waited for a core)`,
    );
  const last = measured.at(-1);
  failures[route] = last?.failing ?? [];
  details[route] = last?.details ?? {};
  table[route] = medianOf(measured);
}
chrome.kill();
for (const burner of burners) burner.kill();
await site.stop();
removeDir(dataDir);

console.log(`\nLighthouse mobile preset, median of ${runs} run(s)\n`);
console.log(`| page | ${categories.join(" | ")} |`);
console.log(`| --- |${" --- |".repeat(categories.length)}`);
for (const [route, { scores }] of Object.entries(table))
  console.log(`| \`${route}\` | ${categories.map((c) => scores[c]).join(" | ")} |`);
console.log("\n| page | FCP ms | LCP ms | TBT ms | Speed Index ms | CLS |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [route, { metrics: m }] of Object.entries(table)) {
  const ms = (value: number) => Math.round(value);
  console.log(
    `| \`${route}\` | ${ms(m["first-contentful-paint"])} | ${ms(m["largest-contentful-paint"])} | ${ms(m["total-blocking-time"])} | ${ms(m["speed-index"])} | ${Math.round(m["cumulative-layout-shift"] * 1000) / 1000} |`,
  );
}
for (const [route, list] of Object.entries(failures))
  if (list.length) console.log(`${route}: ${list.join(", ")}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/lighthouse.json",
  `${JSON.stringify({ date: new Date().toISOString(), runs, table, failures, details }, null, 2)}\n`,
);
