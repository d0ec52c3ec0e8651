import { mkdirSync, writeFileSync } from "node:fs";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import { ensureBuild, removeDir, signInThroughForm, startTestSite } from "../test/support/site.ts";
import { BENCH_ADMIN, BENCH_ADMIN_ENV } from "./lib/bench-accounts.ts";
import { startFloorApp } from "./lib/floor-app.ts";
import { type Figures, measure, medianFigures } from "./lib/measure.ts";
import { ISSUE_SCALE, seedPortal } from "./lib/portal-seed.ts";

/**
 * npm run bench:portal — the client portal at the scale of issue 42 item 9: 1 000 client
 * organisations, 10 000 projects, 100 000 messages and 100 000 files (deliverable versions; with
 * 80 000 decisions, 30 000 milestones, 20 000 updates and 5 000 leads in the inbox), seeded in
 * bulk SQL into the embedded backend's directory (a copy of the migrated test template) between
 * a first start (which makes the client's account) and the measured one. Then, on one worker (WEB_CONCURRENCY=1) with the page cache
 * off: the portal home (/dashboard) and a project page as a client who owns one organisation
 * and belongs to two more, and /dashboard as the administrator — beside bench:floor's app
 * (React Router's framework mode with none of the site's code) in interleaved rounds, so a
 * neighbour's load falls on all of them alike. Knobs: BENCH_ROUNDS (3, median kept),
 * BENCH_DURATION (5 s), BENCH_CONNECTIONS (20), BENCH_PORT (4890; the floor app's is + 1),
 * BENCH_BACKEND_PORT (a free one), PORTAL_ORGANISATIONS (1000: the rest scales with it).
 */
const duration = Number(process.env.BENCH_DURATION || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const PORT = Number(process.env.BENCH_PORT || 4890);
const scale = {
  ...ISSUE_SCALE,
  organisations: Number(process.env.PORTAL_ORGANISATIONS || ISSUE_SCALE.organisations),
};

ensureBuild();
// A copy of the migrated test template: making a database from nothing takes a minute on a
// busy machine, longer than a start may.
const dataDir = await createTestDataDir();
const env = {
  PAGE_CACHE: "off",
  WEB_CONCURRENCY: "1",
  ...(process.env.BENCH_BACKEND_PORT
    ? { SUPABASE_LOCAL_PORT: process.env.BENCH_BACKEND_PORT }
    : {}),
  ...BENCH_ADMIN_ENV,
};
const CLIENT = { email: "bench-portal-client@example.com", password: "bench-portal-password-42" };

// A first start makes the client's account, through the auth API.
const first = await startTestSite({ port: PORT, dataDir, env, passThrough: true });
const created = await first.service.auth.admin.createUser({
  ...CLIENT,
  email_confirm: true,
  user_metadata: { full_name: "Bench Client", onboarded: true },
});
await first.stop();
if (created.error || !created.data.user) throw new Error(created.error?.message);
const seeded = await seedPortal(dataDir, created.data.user.id, scale);
console.log(`seeded in ${seeded.seconds} s:`, seeded.counts);

const site = await startTestSite({ port: PORT, dataDir, env, passThrough: true });
const floor = await startFloorApp(PORT + 1);
const client = await signInThroughForm(site.url, CLIENT);
const admin = await signInThroughForm(site.url, BENCH_ADMIN);
const projectPath = `/organisations/${seeded.organisationId}/projects/${seeded.projectId}`;
const floorUrl = `http://127.0.0.1:${PORT + 1}`;
const targets = [
  { name: "/dashboard (client)", url: `${site.url}/dashboard`, cookie: client, pid: 0 },
  { name: "project page (client)", url: `${site.url}${projectPath}`, cookie: client, pid: 0 },
  { name: "/dashboard (admin)", url: `${site.url}/dashboard`, cookie: admin, pid: 0 },
  { name: "floor app `/` (hello)", url: `${floorUrl}/`, cookie: "", pid: floor.pid },
  { name: "floor app `/cards`", url: `${floorUrl}/cards`, cookie: "", pid: floor.pid },
].map((target) => ({ ...target, pid: target.pid || (site.child.pid ?? 0) }));
for (const target of targets) {
  const page = await fetch(target.url, { headers: { Cookie: target.cookie }, redirect: "manual" });
  if (page.status !== 200) throw new Error(`${target.name} answered ${page.status}`);
}

const samples: Record<string, Figures[]> = {};
for (let round = 0; round <= rounds; round++) {
  for (const target of targets) {
    const headers: Record<string, string> = target.cookie ? { Cookie: target.cookie } : {};
    const figures = await measure(target.url, target.pid, { connections, duration }, headers);
    if (round === 0) continue; // round 0 warms up
    samples[target.name] ??= [];
    samples[target.name]?.push(figures);
  }
}
floor.stop();
await site.stop();
removeDir(dataDir);

const results = Object.fromEntries(
  Object.entries(samples).map(([name, list]) => [name, medianFigures(list)]),
);
console.log(
  `\nPortal at scale (${seeded.counts.organisations} organisations, ${seeded.counts.projects} projects, ${seeded.counts.project_messages} messages, ${seeded.counts.deliverable_versions} files), 1 worker, page cache off; ${connections} connections, ${duration} s per measurement, median of ${rounds} interleaved rounds\n`,
);
console.log("| page | req/s | p50 ms | p99 ms | CPU ms/request (site + backend) | non-2xx |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [name, f] of Object.entries(results)) {
  console.log(`| ${name} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.cpuMs} | ${f.bad} |`);
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/portal.json",
  `${JSON.stringify({ date: new Date().toISOString(), connections, duration, rounds, seeded, results, samples }, null, 2)}\n`,
);
