import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";

/**
 * npm run bench:startup — time from spawning the production server on an existing build and data
 * directory to its first answered page (median of 5).
 */
ensureBuild();
const dataDir = emptyDataDir();
const first = await startTestSite({ port: 4850, dataDir, passThrough: true }); // initialises the data directory
await first.stop();

const timings: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const site = await startTestSite({ port: 4850, dataDir, passThrough: true });
  const response = await fetch(`${site.url}/`);
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  timings.push(performance.now() - started);
  await site.stop();
}
removeDir(dataDir);
timings.sort((a, b) => a - b);
console.log(
  `Start-up to first page (existing build and data dir): median ${Math.round(timings[2] ?? 0)} ms, all ${timings.map(Math.round).join(", ")} ms`,
);
