import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";
import { measurePageWeight, publicRoutes } from "./lib/page-weight.ts";

/** npm run bench:weight — JS and total bytes each public route transfers in headless Chromium. */
ensureBuild();
const dataDir = emptyDataDir();
const site = await startTestSite({ port: 4830, dataDir, passThrough: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const rows = [];
for (const path of publicRoutes) rows.push(await measurePageWeight(browser, site.url, path));
await browser.close();
await site.stop();
removeDir(dataDir);

const kb = (n: number) => (n / 1024).toFixed(1);
console.log(
  "\n| route | JS transferred (KB, brotli) | total transferred (KB) | requests | third-party | render-blocking |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const r of rows) {
  console.log(
    `| \`${r.path}\` | ${kb(r.jsBytes)} | ${kb(r.totalBytes)} | ${r.requests} | ${r.thirdParty.length} | ${r.renderBlocking.length} |`,
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/weight.json",
  `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
);
