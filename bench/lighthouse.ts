import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchDataDir, ensureBuild, removeDir, startSite } from "./lib/server-process.ts";

/**
 * npm run bench:lighthouse — Lighthouse (mobile preset) on the public pages of the production
 * server, driving Debian's Chromium. Prints the median of LH_RUNS runs (default 1) per page
 * (LH_ROUTES=/,/blog limits the pages); bench/results/lighthouse.json keeps the failing audits'
 * details.
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
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

ensureBuild();
const dataDir = benchDataDir();
const site = await startSite(4840, dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
  ],
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const table: Record<string, Record<string, number>> = {};
const failures: Record<string, string[]> = {};
const details: Record<string, Record<string, unknown>> = {};
/** The metrics behind the performance score (ms; CLS unitless), median of the runs. */
const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
] as const;
const metrics: Record<string, Record<string, number>> = {};
for (const route of routes) {
  const scores: Record<string, number[]> = {};
  const values: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(`${site.url}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`no Lighthouse result for ${route}`);
    for (const category of categories) {
      const list = scores[category] ?? [];
      list.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      scores[category] = list;
    }
    for (const id of metricIds) {
      const list = values[id] ?? [];
      list.push(result.lhr.audits[id]?.numericValue ?? Number.NaN);
      values[id] = list;
    }
    if (process.env.LH_DUMP) {
      mkdirSync(process.env.LH_DUMP, { recursive: true });
      const name = route.replace(/[^a-z0-9]+/gi, "_") || "_";
      writeFileSync(`${process.env.LH_DUMP}/${name}-${i}.json`, JSON.stringify(result.lhr));
    }
    failures[route] = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => `${a.id} (${a.score})`);
    details[route] = Object.fromEntries(
      Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .map((a) => [a.id, { title: a.title, displayValue: a.displayValue, details: a.details }]),
    );
  }
  table[route] = Object.fromEntries(categories.map((c) => [c, median(scores[c] ?? [])]));
  metrics[route] = Object.fromEntries(
    metricIds.map((id) => [id, Math.round(median(values[id] ?? []) * 1000) / 1000]),
  );
}
chrome.kill();
await site.stop();
removeDir(dataDir);

console.log(`\nLighthouse mobile preset, median of ${runs} run(s)\n`);
console.log("| page | performance | accessibility | best practices | SEO |");
console.log("| --- | --- | --- | --- | --- |");
for (const [route, s] of Object.entries(table)) {
  console.log(
    `| \`${route}\` | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} |`,
  );
}
console.log("\n| page | FCP ms | LCP ms | TBT ms | Speed Index ms | CLS |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [route, m] of Object.entries(metrics)) {
  const ms = (id: (typeof metricIds)[number]) => Math.round(m[id] ?? 0);
  console.log(
    `| \`${route}\` | ${ms("first-contentful-paint")} | ${ms("largest-contentful-paint")} | ${ms("total-blocking-time")} | ${ms("speed-index")} | ${m["cumulative-layout-shift"]} |`,
  );
}
for (const [route, list] of Object.entries(failures))
  if (list.length) console.log(`${route}: ${list.join(", ")}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/lighthouse.json",
  `${JSON.stringify({ date: new Date().toISOString(), table, metrics, failures, details }, null, 2)}\n`,
);
