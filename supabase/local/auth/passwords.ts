/**
 * bcrypt (cost 10 unless configured) on a small pool of worker threads, so hashing never blocks the event loop
 * that serves every other request. At most `maxPending` jobs run or wait at once; beyond that
 * callers get GoTrue's 429 over_request_rate_limit at once instead of an unbounded queue.
 * Never called inside a database transaction.
 */
import { Worker } from "node:worker_threads";
import { requestRateLimited } from "./errors.ts";
import type { PasswordAnswer, PasswordJob } from "./password-worker.ts";

const WORKER_URL = new URL("./password-worker.ts", import.meta.url);
/**
 * A bcrypt hash of 32 random bytes nobody kept: compared against when the user is unknown or
 * has no password, so that "unknown e-mail" and "wrong password" cost the same. Its cost field
 * is set to the pool's cost (the comparison's work depends only on that field).
 */
const DUMMY_HASH = "$2b$10$nI0ppGbF/nZwyfOwnofelOowU7mFB1IoMs2kn2aqkoj1g17x8B8JO";
const dummyHash = (cost: number) =>
  DUMMY_HASH.replace("$10$", `$${String(cost).padStart(2, "0")}$`);

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares against the stored hash, or against a dummy hash when there is none. */
  matches(password: string, hash: string | null): Promise<boolean>;
  /** How many worker threads are running now (they start with the first jobs). */
  threads(): number;
  /** Terminates the worker threads; pending jobs are rejected. */
  close(): Promise<void>;
}

export interface PasswordPoolOptions {
  workers: number;
  /** bcrypt cost (log2 rounds), 4-31. */
  cost: number;
  /** Jobs running or queued at once; more are refused with 429. */
  maxPending: number;
}

interface Task {
  job: PasswordJob;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

export function createPasswordHasher(options: PasswordPoolOptions): PasswordHasher {
  const dummy = dummyHash(options.cost);
  const queue: Task[] = [];
  let pending = 0;
  let closed = false;

  /**
   * Threads start when work arrives, up to `workers`: a backend that never checks a password (most
   * test backends, a site's first seconds) boots none, and one check at a time boots one. Each
   * thread costs its own Node start (~0.3 s of CPU) and memory.
   */
  const slots: Slot[] = [];
  const startSlot = (): Slot => {
    const slot: Slot = { worker: new Worker(WORKER_URL) };
    // Idle workers must not keep the process alive; close() ends them.
    slot.worker.unref();
    slot.worker.on("message", (answer: PasswordAnswer) => {
      const task = slot.task;
      slot.task = undefined;
      if (answer.ok) task?.resolve(answer.result);
      else task?.reject(new Error(`password worker: ${answer.message}`));
      pump();
    });
    slot.worker.on("error", (error) => slot.task?.reject(error));
    slot.worker.on("exit", () => {
      slot.task?.reject(new Error("password worker exited"));
      slot.task = undefined;
      // The next job that finds every thread busy starts a new one.
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      if (!closed) pump();
    });
    slots.push(slot);
    return slot;
  };

  function idleSlot(): Slot | undefined {
    const idle = slots.find((slot) => !slot.task);
    if (idle) return idle;
    return slots.length < Math.max(1, options.workers) ? startSlot() : undefined;
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = idleSlot();
      if (!slot) return;
      const task = queue.shift() as Task;
      slot.task = task;
      slot.worker.postMessage(task.job);
    }
  }

  function run(job: PasswordJob): Promise<string | boolean> {
    if (closed) return Promise.reject(new Error("password pool is closed"));
    if (pending >= options.maxPending) return Promise.reject(requestRateLimited());
    pending += 1;
    return new Promise<string | boolean>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      pump();
    }).finally(() => {
      pending -= 1;
    });
  }

  return {
    async hash(password) {
      return String(await run({ op: "hash", password, cost: options.cost }));
    },
    async matches(password, hash) {
      const matched = await run({ op: "compare", password, hash: hash ?? dummy });
      return hash !== null && matched === true;
    },
    threads: () => slots.length,
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("password pool is closed"));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
