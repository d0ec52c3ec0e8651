/**
 * One jobs runner in a process of its own, for the test of several processes sharing one queue
 * (test/integration/jobs-queue.test.ts) and bench/jobs.ts: it runs `count` jobs by appending
 * each job's id to OUT_FILE (a line per run, so the test counts runs and distinct jobs), then
 * waits DELAY_MS, until it is killed.
 *
 *   SUPABASE_URL=… SERVICE_KEY=… OUT_FILE=… WORKER=… node test/support/job-worker.ts
 */
import { appendFileSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import { createJobRunner } from "../../app/domain/jobs/runner.ts";
import { databaseJobStore } from "../../app/domain/jobs/store.ts";

const read = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const client = createClient(read("SUPABASE_URL"), read("SERVICE_KEY"), {
  auth: { persistSession: false, autoRefreshToken: false },
});
const out = read("OUT_FILE");
const delayMs = Number(read("DELAY_MS", "0"));
const runner = createJobRunner({
  store: databaseJobStore(client),
  worker: read("WORKER"),
  batch: Number(read("BATCH", "100")),
  leaseMs: Number(read("LEASE_MS", "3000")),
  pollMs: 100,
  handlers: {
    count: {
      timeoutMs: Math.max(1_000, 2 * delayMs),
      async run(job) {
        appendFileSync(out, `${job.id}\n`);
        if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
        return undefined;
      },
    },
  },
});
runner.start();
process.on("SIGTERM", () => void runner.stop().then(() => process.exit(0)));
process.send?.("ready");
