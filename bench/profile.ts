import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { emptyDataDir, ensureBuild, removeDir, startTestSite } from "../test/support/site.ts";
import { BENCH_ADMIN_ENV, benchHeaders, benchSessions } from "./lib/bench-accounts.ts";
import { summariseProfile } from "./lib/cpu-profile-summary.ts";

/**
 * npm run bench:profile — where an uncached render's CPU goes. Starts the site (one worker, page
 * cache off) under `node --cpu-prof`, loads one page for PROFILE_SECONDS (default 10) at
 * PROFILE_CONNECTIONS (default 10), stops it and prints the self time by area (React's renderer,
 * React Router, the app, PGlite…) and the heaviest functions, for the site process and the
 * embedded backend's. PROFILE_PATH: `/`, `/blog?tag=seo`, `/dashboard` (signed in as a client),
 * `/admin/messages` (signed in as the administrator); PROFILE_AS=admin asks any signed-in path as
 * the administrator. PROFILE_PORT (4880) and PROFILE_BACKEND_PORT (a free one) place the servers. Profiles stay
 * in bench/results/profiles/.
 */
const path = process.env.PROFILE_PATH || "/";
const seconds = Number(process.env.PROFILE_SECONDS || 10);
const connections = Number(process.env.PROFILE_CONNECTIONS || 10);
const PORT = Number(process.env.PROFILE_PORT || 4880);
const asAdmin = process.env.PROFILE_AS === "admin";

ensureBuild();
const dataDir = emptyDataDir();
const outDir = join("bench/results/profiles", path.replace(/[^a-z0-9]+/gi, "_") || "root");
removeDir(outDir);
mkdirSync(outDir, { recursive: true });
const env = {
  PAGE_CACHE: "off",
  ...(process.env.PROFILE_BACKEND_PORT
    ? { SUPABASE_LOCAL_PORT: process.env.PROFILE_BACKEND_PORT }
    : {}),
  ...BENCH_ADMIN_ENV,
};
// A first start makes the database (initdb, migrations, seed: seconds of CPU the profile of a
// page should not hold); the profiled start opens it.
await (await startTestSite({ port: PORT, dataDir, env, passThrough: true })).stop();
const site = await startTestSite({
  port: PORT,
  dataDir,
  env: { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${outDir}` },
  passThrough: true,
});
// Signed-in pages only: signing in is work the profile of a public page should not hold.
const signedIn = path.startsWith("/admin") || path.startsWith("/dashboard");
const sessions = signedIn ? await benchSessions(site) : null;
const headers = sessions
  ? asAdmin
    ? { Cookie: sessions.admin }
    : benchHeaders(path, sessions)
  : {};
const first = await fetch(`${site.url}${path}`, { headers, redirect: "manual" });
if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
const result = await autocannon({
  url: `${site.url}${path}`,
  connections,
  duration: seconds,
  headers,
});
await site.stop();
removeDir(dataDir);

const requests = result.requests.total;
console.log(`\n${path}: ${requests} requests in ${seconds} s at ${connections} connections`);
const summaries = readdirSync(outDir)
  .filter((file) => file.endsWith(".cpuprofile"))
  .map((file) => ({ file, ...summariseProfile(join(outDir, file)) }))
  .filter((s) => s.busyMs > 200)
  .sort((a, b) => b.busyMs - a.busyMs);
for (const s of summaries) {
  console.log(`\n${s.file}: ${s.busyMs} ms busy, ${(s.busyMs / requests).toFixed(2)} ms a request`);
  for (const area of s.areas)
    console.log(
      `  ${String(area.ms).padStart(6)} ms  ${((100 * area.ms) / s.busyMs).toFixed(1)} %  ${area.name}`,
    );
  console.log("  heaviest functions (self time):");
  for (const fn of s.functions) console.log(`  ${String(fn.ms).padStart(6)} ms  ${fn.name}`);
}
writeFileSync(
  join(outDir, "summary.json"),
  `${JSON.stringify({ path, requests, summaries }, null, 2)}\n`,
);
