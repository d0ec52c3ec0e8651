import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyDataDir, removeDir } from "../test/support/site.ts";
import { startFloorApp } from "./lib/floor-app.ts";
import { type Figures, measure, medianFigures, startBare } from "./lib/measure.ts";

/**
 * npm run bench:floor — what React Router's framework mode costs before any of the site's code:
 * a two-route app (bench/floor-app: a ~2 KB "hello" page, and a page of 120 cards about the home
 * page's size with their data sent for hydration), rendered the way the site renders (React 19's
 * `renderToPipeableStream`, whole document) and served by `@react-router/node`'s own listener,
 * next to a bare node:http server sending the same bytes, in interleaved rounds like
 * `bench:workers`. Same knobs: BENCH_ROUNDS (3), BENCH_DURATION (5), BENCH_CONNECTIONS (20).
 */
const duration = Number(process.env.BENCH_DURATION || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const PORT = 4870;
const pages = ["/", "/cards"];

const work = emptyDataDir();
const app = await startFloorApp(PORT);
const bare = [];
for (const [index, path] of pages.entries()) {
  const page = await fetch(`http://127.0.0.1:${PORT}${path}`);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const file = join(work, `page-${index}.html`);
  const body = Buffer.from(await page.arrayBuffer());
  writeFileSync(file, body);
  bare.push({ server: await startBare(PORT + 1 + index, file), bytes: body.length });
}

const samples: Record<string, { app: Figures[]; bare: Figures[] }> = {};
for (let round = 0; round <= rounds; round++) {
  for (const [index, path] of pages.entries()) {
    samples[path] ??= { app: [], bare: [] };
    const row = samples[path];
    const load = { connections, duration };
    const ours = await measure(`http://127.0.0.1:${PORT}${path}`, app.pid, load);
    const ceiling = bare[index];
    if (!ceiling) continue;
    const theirs = await measure(`http://127.0.0.1:${PORT + 1 + index}/`, ceiling.server.pid, load);
    if (round === 0) continue; // round 0 warms up
    row.app.push(ours);
    row.bare.push(theirs);
  }
}
app.stop();
for (const { server } of bare) server.stop();
removeDir(work);

const results = Object.fromEntries(
  Object.entries(samples).map(([path, row]) => [
    path,
    { app: medianFigures(row.app), bare: medianFigures(row.bare) },
  ]),
);
console.log(
  `\nReact Router framework mode alone (bench/floor-app), ${connections} connections, ${duration} s per measurement, median of ${rounds} interleaved rounds; req/s (p50/p99 ms)\n`,
);
console.log(
  "| page | bytes | React Router app | bare node:http, same bytes | app / bare | CPU ms/request: app | bare |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const [index, [path, { app: one, bare: ceiling }]] of Object.entries(results).entries()) {
  console.log(
    `| \`${path}\` | ${bare[index]?.bytes} | ${one.rps} (${one.p50}/${one.p99}) | ${ceiling.rps} (${ceiling.p50}/${ceiling.p99}) | ${(one.rps / ceiling.rps).toFixed(3)} | ${one.cpuMs} | ${ceiling.cpuMs} |`,
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/floor.json",
  `${JSON.stringify({ date: new Date().toISOString(), connections, duration, rounds, results }, null, 2)}\n`,
);
