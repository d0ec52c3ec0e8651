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
 * Claims a batch of due jobs, runs each kind's handler, completes the successes in one call
 * and fails the failures with backoff (dead after their last attempt). `start` loops until
 * `stop`, which lets the batch in hand finish (each handler is bounded by its timeout).
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

  async function runOnce(): Promise<BatchRun> {
    const jobs = await store.claim(worker, kinds, batch, leaseSeconds);
    const run: BatchRun = { claimed: jobs.length, done: 0, failed: 0 };
    if (jobs.length === 0) return run;
    const running = new Set(jobs.map((job) => job.id));
    const renewal = setInterval(() => {
      store.renew(worker, [...running], leaseSeconds).catch((error: unknown) => {
        log(`[jobs] lease renewal failed: ${messageOf(error)}`);
      });
    }, leaseMs / 3);
    const finished: number[] = [];
    const recurring: { id: number; at: Date }[] = [];
    try {
      await Promise.all(
        jobs.map(async (job) => {
          const handler = handlers[job.kind];
          try {
            if (!handler) throw new Error(`no handler for ${job.kind}`);
            const outcome = await runBounded(handler, job);
            if (outcome?.again) recurring.push({ id: job.id, at: outcome.again });
            else finished.push(job.id);
          } catch (error) {
            run.failed++;
            const delay = retryDelayMs(job.attempts, handler?.backoff ?? DEFAULT_BACKOFF, random);
            await store
              .fail(worker, job.id, messageOf(error), delay / 1000)
              .catch((failError: unknown) =>
                log(`[jobs] ${job.kind} ${job.id}: ${messageOf(failError)}`),
              );
          } finally {
            running.delete(job.id);
          }
        }),
      );
    } finally {
      clearInterval(renewal);
    }
    run.done += (await store.complete(worker, finished)).length;
    for (const { id, at } of recurring) run.done += (await store.complete(worker, [id], at)).length;
    return run;
  }

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  return {
    runOnce,
    /** Claims and runs batches until stop(); a full batch is followed by the next at once. */
    start(): void {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          let full = false;
          try {
            full = (await runOnce()).claimed === batch;
          } catch (error) {
            log(`[jobs] ${messageOf(error)}`);
          }
          if (!stopping && !full) await pause(pollMs);
        }
      })();
    },
    /** Claims at once instead of at the next poll (a job was just queued). */
    wake(): void {
      wake?.();
    },
    /** Ends the loop once the batch in hand is settled. */
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
