import { type Backoff, DEFAULT_BACKOFF, retryDelayMs } from "./backoff.ts";
import type { ClaimedJob, JobStore } from "./store.ts";

/** What a handler may ask for when it succeeds: run again at `again` (a recurring job). */
export type JobOutcome = undefined | { again: Date };

/**
 * One kind of job. Handlers are idempotent: a job whose process died after the handler's work
 * but before its completion was written runs again in another process (at least once), so the
 * work must recognise it was already done (a unique key, a state checked in the same update).
 */
export interface JobHandler {
  run(job: ClaimedJob, signal: AbortSignal): Promise<JobOutcome>;
  /** How long one run may take (default 30 s); the job fails with a timeout past it. */
  timeoutMs?: number;
  backoff?: Backoff;
}

export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface RunnerOptions {
  store: JobStore;
  handlers: JobHandlers;
  /** This process's name in locked_by (unique per process). */
  worker: string;
  /** Jobs claimed at once, run side by side. */
  batch?: number;
  /** A claim's lease; renewed every third of it while handlers run. */
  leaseMs?: number;
  /** The wait between claims when the last found fewer than a batch. */
  pollMs?: number;
  random?: () => number;
  log?: (line: string) => void;
}

export interface BatchRun {
  claimed: number;
  done: number;
  failed: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const clip = (text: string) => (text.length > 1000 ? `${text.slice(0, 999)}…` : text);
const messageOf = (error: unknown) =>
  clip(error instanceof Error ? error.message : String(error ?? "failed"));

/** Runs the handler, failing it with a timeout (and aborting its signal) past timeoutMs. */
async function runBounded(handler: JobHandler, job: ClaimedJob): Promise<JobOutcome> {
  const timeoutMs = handler.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Rejected before the abort: a handler that answers its signal by resolving must not
      // win the race and count as done.
      reject(new Error(`timed out after ${timeoutMs} ms`));
      controller.abort();
    }, timeoutMs);
  });
  try {
    return await Promise.race([handler.run(job, controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs each claimed job by its kind: a success is completed (finished jobs are written together,
 * a recurring one again at its time), a failure failed with backoff (dead after its last
 * attempt). `start` keeps up to `batch` jobs running: a free slot is filled at the next claim, so
 * one slow job (a PDF, a provider that is slow to answer) never holds back a job that is due
 * behind it, and a job queued while the runner is busy is claimed as soon as it has room (a wake
 * is never lost). `stop` lets the jobs in hand finish (each handler is bounded by its timeout).
 */
export function createJobRunner(options: RunnerOptions) {
  const { store, handlers, worker } = options;
  const kinds = Object.keys(handlers);
  const batch = options.batch ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = options.pollMs ?? 5_000;
  const random = options.random ?? Math.random;
  const log = options.log ?? ((line: string) => console.warn(line));
  const leaseSeconds = Math.ceil(leaseMs / 1000);

  /** The jobs in hand, by id: their leases are renewed every third of a lease. */
  const running = new Map<number, Promise<"done" | "failed" | "lost">>();
  let renewal: ReturnType<typeof setInterval> | undefined;
  function renewWhileRunning() {
    if (renewal || running.size === 0) return;
    renewal = setInterval(() => {
      if (running.size === 0) {
        clearInterval(renewal);
        renewal = undefined;
        return;
      }
      store.renew(worker, [...running.keys()], leaseSeconds).catch((error: unknown) => {
        log(`[jobs] lease renewal failed: ${messageOf(error)}`);
      });
    }, leaseMs / 3);
  }

  /** Finished ids written in one call per turn of the event loop. */
  let finishing: { ids: number[]; written: Promise<Set<number>> } | undefined;
  function complete(id: number): Promise<boolean> {
    if (!finishing) {
      const ids: number[] = [];
      const written = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        finishing = undefined;
        return new Set(await store.complete(worker, ids));
      });
      finishing = { ids, written };
    }
    finishing.ids.push(id);
    return finishing.written.then((done) => done.has(id));
  }

  async function runJob(job: ClaimedJob): Promise<"done" | "failed" | "lost"> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      const outcome = await runBounded(handler, job);
      const written = outcome?.again
        ? (await store.complete(worker, [job.id], outcome.again)).length > 0
        : await complete(job.id);
      return written ? "done" : "lost";
    } catch (error) {
      const delay = retryDelayMs(job.attempts, handler?.backoff ?? DEFAULT_BACKOFF, random);
      await store
        .fail(worker, job.id, messageOf(error), delay / 1000)
        .catch((failError: unknown) =>
          log(`[jobs] ${job.kind} ${job.id}: ${messageOf(failError)}`),
        );
      return "failed";
    }
  }

  /** Starts `job` in a slot; the slot is free again once its outcome is written. */
  function launch(job: ClaimedJob, freed: () => void) {
    const run = runJob(job)
      .catch((error: unknown) => {
        log(`[jobs] ${job.kind} ${job.id}: ${messageOf(error)}`);
        return "lost" as const;
      })
      .finally(() => {
        running.delete(job.id);
        freed();
      });
    running.set(job.id, run);
    renewWhileRunning();
    return run;
  }

  /** Claims a batch of due jobs and runs it to the end (tests, one-off drains). */
  async function runOnce(): Promise<BatchRun> {
    const jobs = await store.claim(worker, kinds, batch, leaseSeconds);
    const outcomes = await Promise.all(jobs.map((job) => launch(job, () => {})));
    return {
      claimed: jobs.length,
      done: outcomes.filter((o) => o === "done").length,
      failed: outcomes.filter((o) => o === "failed").length,
    };
  }

  let stopping = false;
  let loop: Promise<void> | undefined;
  // A wake that comes while the loop is claiming or full is kept for its next pause.
  let woken = false;
  let resume: (() => void) | undefined;
  const wakeLoop = () => {
    woken = true;
    resume?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      if (woken) {
        woken = false;
        done();
        return;
      }
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        resume = undefined;
        woken = false;
        done();
      }
      resume = finish;
    });

  return {
    runOnce,
    /** Claims into free slots until stop(); a claim that filled them all is followed at once. */
    start(): void {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          const free = batch - running.size;
          let claimed = 0;
          if (free > 0) {
            try {
              const jobs = await store.claim(worker, kinds, free, leaseSeconds);
              claimed = jobs.length;
              // A slot freed while every slot was taken: claim again at once.
              for (const job of jobs) launch(job, () => running.size === batch - 1 && wakeLoop());
            } catch (error) {
              log(`[jobs] ${messageOf(error)}`);
            }
          }
          if (stopping) break;
          if (free > 0 && claimed === free && running.size < batch) continue;
          await pause(pollMs);
        }
        await Promise.all(running.values());
      })();
    },
    /** Claims at once instead of at the next poll (a job was just queued). */
    wake(): void {
      wakeLoop();
    },
    /** Ends the loop once the jobs in hand are settled. */
    async stop(): Promise<void> {
      stopping = true;
      wakeLoop();
      await loop;
      loop = undefined;
      woken = false;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
