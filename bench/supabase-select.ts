/**
 * Benchmark of the embedded Supabase backend's hottest read: the published blog list,
 * through supabase-js, in the same process (as the web server embeds it).
 *
 * `CPU/req` is the process's CPU time (every thread: the database thread, supabase-js, the
 * HTTP server) per request: on a machine shared with other work it moves far less than req/s.
 *
 *   npm run bench:supabase            (BENCH_SECONDS=5 by default)
 */
import { rmSync } from "node:fs";
import { cpus } from "node:os";
import { startLocalSupabase } from "@jenga/supabase-local";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY_LEVELS = [1, 20];

interface Row {
  concurrency: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms of the whole process per request. */
  cpu: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const dir = await createTestDataDir();
const backend = await startLocalSupabase({
  dir,
  port: 0,
  siteUrl: "http://localhost:3000",
  quiet: true,
});
const supabase = createClient(backend.url, backend.anonKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const query = () =>
  supabase
    .from("posts")
    .select("*")
    .eq("published", true)
    // The English list: the same 6 rows as the figures before the translated posts were seeded.
    .eq("lang", "en")
    .order("published_at", { ascending: false });

async function run(concurrency: number, seconds: number): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const { data, error } = await query();
      latencies.push(performance.now() - t0);
      if (error || data?.length !== 6) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    cpu: (cpuUsed.user + cpuUsed.system) / 1000 / latencies.length,
  };
}

try {
  await run(4, 1); // warm-up: JIT, PGlite plan cache, keep-alive sockets
  const rows: Row[] = [];
  for (const concurrency of CONCURRENCY_LEVELS) rows.push(await run(concurrency, SECONDS));
  console.log(
    `\nsupabase-js → embedded backend: posts list (6 rows, ~${SECONDS}s per level, ` +
      `Node ${process.versions.node}, ${cpus().length} CPUs)\n`,
  );
  console.log("| concurrency | requests | req/s | p50 (ms) | p99 (ms) | CPU/req (ms) | errors |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.concurrency} | ${row.requests} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.cpu.toFixed(2)} | ${row.errors} |`,
    );
  }
} finally {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}
