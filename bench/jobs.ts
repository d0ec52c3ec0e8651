/**
 * Benchmark of the jobs queue (public.claim_jobs and friends) on the embedded backend: how long
 * 1 and 2 runner processes (test/support/job-worker.ts, batches of 100, a handler that appends
 * the job's id to a file) take to drain BENCH_JOBS jobs, and whether each ran exactly once.
 *
 *   npm run bench:jobs                (BENCH_JOBS=10000 by default)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalSupabase } from "@jenga/supabase-local";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const dataDir = await createTestDataDir();
const backend = await startLocalSupabase({
  dir: dataDir,
  port: 0,
  siteUrl: "http://localhost:3000",
  quiet: true,
});
const service = createClient(backend.url, backend.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const out = mkdtempSync(join(tmpdir(), "bench-jobs-"));

async function countDone(): Promise<number> {
  const { count, error } = await service
    .from("jobs")
    .select("id", { count: "exact", head: true })
    .eq("state", "done");
  if (error) throw new Error(error.message);
  return count ?? 0;
}

async function round(processes: number) {
  await service.from("jobs").delete().gte("id", 0);
  const enqueueStarted = performance.now();
  for (let from = 0; from < JOBS; from += 2_000) {
    const size = Math.min(2_000, JOBS - from);
    const rows = Array.from({ length: size }, (_, i) => ({
      kind: "count",
      payload: { n: from + i },
    }));
    const { error } = await service.from("jobs").insert(rows);
    if (error) throw new Error(error.message);
  }
  const enqueueMs = performance.now() - enqueueStarted;
  const files = Array.from({ length: processes }, (_, i) => join(out, `${processes}-${i}.txt`));
  const started = performance.now();
  const children: ChildProcess[] = files.map((file, i) =>
    spawn(process.execPath, ["test/support/job-worker.ts"], {
      env: {
        ...process.env,
        SUPABASE_URL: backend.url,
        SERVICE_KEY: backend.serviceRoleKey,
        OUT_FILE: file,
        WORKER: `bench-${processes}-${i}`,
      },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  while ((await countDone()) < JOBS) await new Promise((wait) => setTimeout(wait, 50));
  const drainMs = performance.now() - started;
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((child) => new Promise((exit) => child.once("exit", exit))));
  const runs = files.flatMap((file) => readFileSync(file, "utf8").split("\n").filter(Boolean));
  return {
    processes,
    enqueueMs: Math.round(enqueueMs),
    drainMs: Math.round(drainMs),
    jobsPerSecond: Math.round(JOBS / (drainMs / 1000)),
    runs: runs.length,
    distinct: new Set(runs).size,
  };
}

try {
  console.log(`| processes | enqueue ${JOBS} | drain | jobs/s | runs | distinct jobs |`);
  console.log("|---|---|---|---|---|---|");
  for (const processes of [1, 2]) {
    const r = await round(processes);
    console.log(
      `| ${r.processes} | ${r.enqueueMs} ms | ${r.drainMs} ms | ${r.jobsPerSecond} | ${r.runs} | ${r.distinct} |`,
    );
  }
} finally {
  await backend.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
