import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceClient } from "../support/backend";

/**
 * Two runners in two processes share one embedded backend's queue; one is SIGKILLed while it
 * holds a batch. Every job must end done, each handled by exactly one process except the jobs
 * the killed one held (their leases expire and the other takes them), with exact counts.
 */
const JOBS = 10_000;
const LEASE_MS = 3_000;

let backend: TestBackend;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  dir = mkdtempSync(join(tmpdir(), "jobs-queue-"));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

function startWorker(name: string, delayMs: number): ChildProcess {
  const child = spawn(process.execPath, ["test/support/job-worker.ts"], {
    env: {
      ...process.env,
      SUPABASE_URL: backend.url,
      SERVICE_KEY: backend.serviceRoleKey,
      OUT_FILE: join(dir, `${name}.txt`),
      WORKER: name,
      DELAY_MS: String(delayMs),
      LEASE_MS: String(LEASE_MS),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

const runsOf = (name: string): number[] => {
  const file = join(dir, `${name}.txt`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
};

const until = async (done: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
};

describe("the jobs queue across two processes", () => {
  it("runs 10 000 jobs once each, and none is lost when a process is SIGKILLed mid-batch", async () => {
    const service = serviceClient(backend);
    for (let from = 0; from < JOBS; from += 2_000) {
      const rows = Array.from({ length: 2_000 }, (_, i) => ({
        kind: "count",
        payload: { n: from + i },
      }));
      const { error } = await service.from("jobs").insert(rows);
      expect(error).toBeNull();
    }
    const started = Date.now();
    // The victim writes a batch's 100 ids as it starts it, then holds the batch for 800 ms: it
    // is killed as soon as its second batch shows (polled every 50 ms), so it dies holding one.
    const victim = startWorker("victim", 800);
    startWorker("survivor", 0);
    let seen = 0;
    await until(() => {
      const now = runsOf("victim").length;
      const started = now > seen && now >= 200;
      seen = now;
      return started;
    }, 20_000);
    victim.kill("SIGKILL");
    await new Promise((exited) => victim.once("exit", exited));

    const { data: held } = await service
      .from("jobs")
      .select("id")
      .eq("state", "running")
      .eq("locked_by", "victim");
    const heldIds = new Set((held ?? []).map((row) => row.id));
    expect(heldIds.size).toBeGreaterThan(0);
    expect(heldIds.size).toBeLessThanOrEqual(100);

    const count = async (state: string) =>
      (await service.from("jobs").select("id", { count: "exact", head: true }).eq("state", state))
        .count;
    await until(async () => (await count("done")) === JOBS, 40_000);
    const elapsed = Date.now() - started;

    const victimRuns = runsOf("victim");
    const survivorRuns = runsOf("survivor");
    const all = new Set([...victimRuns, ...survivorRuns]);
    expect(all.size).toBe(JOBS);
    // Neither process ran a job twice; the one job set both ran is exactly what the victim held.
    expect(new Set(victimRuns).size).toBe(victimRuns.length);
    expect(new Set(survivorRuns).size).toBe(survivorRuns.length);
    const survivorSet = new Set(survivorRuns);
    const both = victimRuns.filter((id) => survivorSet.has(id));
    expect(both.every((id) => heldIds.has(id))).toBe(true);
    expect([...heldIds].every((id) => survivorSet.has(id))).toBe(true);
    expect(victimRuns.length + survivorRuns.length).toBe(JOBS + both.length);
    for (const state of ["queued", "running", "dead"]) expect(await count(state)).toBe(0);
    const { count: retried } = await service
      .from("jobs")
      .select("id", { count: "exact", head: true })
      .eq("attempts", 2);
    expect(retried).toBe(heldIds.size);
    // Bounded: the lease (3 s) plus the work, far below the suite's patience.
    expect(elapsed).toBeLessThan(45_000);
  }, 60_000);
});
