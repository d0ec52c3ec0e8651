import { describe, expect, it } from "vitest";
import { createJobRunner, type JobHandler } from "~/domain/jobs/runner";
import type { ClaimedJob, JobStore } from "~/domain/jobs/store";

interface FakeJob extends ClaimedJob {
  state: "queued" | "running" | "done" | "dead";
  lockedBy: string | null;
  runAt: number;
  error?: string;
}

/** The queue's rules as the SQL functions implement them, in memory. */
function memoryStore(count: number, maxAttempts = 3) {
  const jobs: FakeJob[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    kind: i % 2 ? "odd" : "even",
    payload: { n: i + 1 },
    attempts: 0,
    max_attempts: maxAttempts,
    state: "queued",
    lockedBy: null,
    runAt: 0,
  }));
  const renewals: number[][] = [];
  const store: JobStore = {
    async enqueue() {
      throw new Error("not used");
    },
    async claim(worker, kinds, max) {
      const due = jobs.filter((j) => j.state === "queued" && kinds.includes(j.kind)).slice(0, max);
      for (const job of due)
        Object.assign(job, { state: "running", lockedBy: worker, attempts: job.attempts + 1 });
      return due.map(({ id, kind, payload, attempts, max_attempts }) => ({
        id,
        kind,
        payload,
        attempts,
        max_attempts,
      }));
    },
    async complete(worker, ids, next) {
      const held = jobs.filter(
        (j) => ids.includes(j.id) && j.state === "running" && j.lockedBy === worker,
      );
      for (const job of held)
        Object.assign(
          job,
          next ? { state: "queued", attempts: 0, runAt: next.getTime() } : { state: "done" },
          { lockedBy: null },
        );
      return held.map((j) => j.id);
    },
    async fail(worker, id, error, retryIn) {
      const job = jobs.find((j) => j.id === id && j.state === "running" && j.lockedBy === worker);
      if (!job) return null;
      Object.assign(job, {
        state: job.attempts >= job.max_attempts ? "dead" : "queued",
        error,
        runAt: retryIn,
        lockedBy: null,
      });
      return job.state;
    },
    async renew(_worker, ids) {
      renewals.push(ids);
      return ids.length;
    },
  };
  return { store, jobs, renewals };
}

const seen = (log: number[]): JobHandler => ({
  async run(job) {
    log.push(job.id);
    return undefined;
  },
});

describe("the jobs runner", () => {
  it("runs each claimed job by its kind and completes the batch", async () => {
    const { store, jobs } = memoryStore(5);
    const even: number[] = [];
    const odd: number[] = [];
    const runner = createJobRunner({
      store,
      worker: "w1",
      batch: 10,
      handlers: { even: seen(even), odd: seen(odd) },
    });
    expect(await runner.runOnce()).toEqual({ claimed: 5, done: 5, failed: 0 });
    expect(even).toEqual([1, 3, 5]);
    expect(odd).toEqual([2, 4]);
    expect(jobs.every((j) => j.state === "done")).toBe(true);
  });

  it("claims only the kinds it has handlers for", async () => {
    const { store, jobs } = memoryStore(4);
    const runner = createJobRunner({ store, worker: "w1", handlers: { even: seen([]) } });
    await runner.runOnce();
    expect(jobs.map((j) => j.state)).toEqual(["done", "queued", "done", "queued"]);
  });

  it("fails a throwing job with jittered backoff, and dead-letters it after its last attempt", async () => {
    const { store, jobs } = memoryStore(1, 3);
    const runner = createJobRunner({
      store,
      worker: "w1",
      random: () => 0,
      handlers: {
        even: {
          backoff: { baseMs: 1000, maxMs: 10_000 },
          run: async () => {
            throw new Error("provider down");
          },
        },
      },
    });
    const waits: unknown[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runOnce()).toEqual({ claimed: 1, done: 0, failed: 1 });
      waits.push(jobs[0]?.runAt);
    }
    expect(waits).toEqual([0.5, 1, 2]);
    expect(jobs[0]).toMatchObject({ state: "dead", error: "provider down", attempts: 3 });
    expect(await runner.runOnce()).toEqual({ claimed: 0, done: 0, failed: 0 });
  });

  it("fails a job that outlives its timeout and aborts its signal", async () => {
    const { store, jobs } = memoryStore(1);
    let aborted = false;
    const runner = createJobRunner({
      store,
      worker: "w1",
      handlers: {
        even: {
          timeoutMs: 50,
          run: (_job, signal) =>
            new Promise((done) => {
              const late = setTimeout(done, 5_000);
              signal.addEventListener("abort", () => {
                aborted = true;
                clearTimeout(late);
                done(undefined);
              });
            }),
        },
      },
    });
    const started = performance.now();
    expect(await runner.runOnce()).toMatchObject({ failed: 1 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(aborted).toBe(true);
    expect(jobs[0]?.error).toBe("timed out after 50 ms");
  });

  it("renews the leases of jobs still running while their handlers work", async () => {
    const { store, renewals } = memoryStore(2);
    const runner = createJobRunner({
      store,
      worker: "w1",
      leaseMs: 90,
      handlers: {
        even: { timeoutMs: 200, run: () => new Promise((done) => setTimeout(done, 100)) },
        odd: seen([]),
      },
    });
    await runner.runOnce();
    expect(renewals.length).toBeGreaterThan(0);
    // Only the job still running (the even one) is renewed; the odd one finished at once.
    expect(renewals.every((ids) => ids.length === 1 && ids[0] === 1)).toBe(true);
  });

  it("queues a recurring job again at the time its handler asked for", async () => {
    const { store, jobs } = memoryStore(1);
    const at = new Date(Date.now() + 30_000);
    const runner = createJobRunner({
      store,
      worker: "w1",
      handlers: { even: { run: async () => ({ again: at }) } },
    });
    expect(await runner.runOnce()).toEqual({ claimed: 1, done: 1, failed: 0 });
    expect(jobs[0]).toMatchObject({ state: "queued", attempts: 0, runAt: at.getTime() });
  });

  it("loops until stopped, and stop waits for the batch in hand", async () => {
    const { store, jobs } = memoryStore(30);
    const runner = createJobRunner({
      store,
      worker: "w1",
      batch: 4,
      pollMs: 60_000,
      handlers: {
        even: { run: () => new Promise((done) => setTimeout(() => done(undefined), 5)) },
        odd: seen([]),
      },
    });
    runner.start();
    // Full batches follow each other at once; the last, partial one ends in the 60 s pause,
    // which stop() cuts short.
    while (jobs.some((j) => j.state !== "done")) await new Promise((done) => setTimeout(done, 5));
    const started = performance.now();
    await runner.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(jobs.filter((j) => j.state === "done")).toHaveLength(30);
  });

  it("runs a job queued behind a slow one at once, without waiting for the slow one", async () => {
    const { store, jobs } = memoryStore(1);
    let release: () => void = () => {};
    const odd: number[] = [];
    const runner = createJobRunner({
      store,
      worker: "w1",
      pollMs: 60_000,
      handlers: {
        even: { run: () => new Promise((done) => (release = () => done(undefined))) },
        odd: seen(odd),
      },
    });
    runner.start();
    await until(() => jobs[0]?.state === "running");
    jobs.push(queued(2, "odd"));
    const queuedAt = performance.now();
    runner.wake();
    await until(() => odd.length === 1);
    expect(performance.now() - queuedAt).toBeLessThan(1_000);
    expect(jobs[0]?.state).toBe("running");
    release();
    await runner.stop();
    expect(jobs.map((j) => j.state)).toEqual(["done", "done"]);
  });

  it("keeps a wake that comes while it is claiming: the job queued then is not left for the next poll", async () => {
    const { store, jobs } = memoryStore(0);
    let claims = 0;
    const slowClaim: JobStore = {
      ...store,
      async claim(...args) {
        claims++;
        const found = await store.claim(...args);
        await new Promise((done) => setTimeout(done, 50));
        return found;
      },
    };
    const even: number[] = [];
    const runner = createJobRunner({
      store: slowClaim,
      worker: "w1",
      pollMs: 60_000,
      handlers: { even: seen(even) },
    });
    runner.start();
    await until(() => claims === 1);
    // Queued while the first claim is in flight (it will not see the job).
    jobs.push(queued(1, "even"));
    runner.wake();
    await until(() => even.length === 1);
    await runner.stop();
    expect(jobs[0]?.state).toBe("done");
  });
});

/** A job queued now, as enqueue_job leaves it. */
function queued(id: number, kind: string): FakeJob {
  return {
    id,
    kind,
    payload: {},
    attempts: 0,
    max_attempts: 3,
    state: "queued",
    lockedBy: null,
    runAt: 0,
  };
}

/** Waits (at most 2 s) for `condition`. */
async function until(condition: () => boolean) {
  const deadline = performance.now() + 2_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("timed out waiting");
    await new Promise((done) => setTimeout(done, 5));
  }
}
