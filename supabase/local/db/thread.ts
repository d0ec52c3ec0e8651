/**
 * PGlite on a thread of its own (db/worker.ts), and the watchdog that bounds every statement.
 *
 * The backend's event loop never runs SQL: it sends one job at a time to the database thread
 * and stays free for other requests (health probes, the mailbox, password hashing…) while a
 * statement runs. Each statement has a deadline (its `statement_timeout`); past it, or when
 * its caller went away and it has run long enough (`cancelRunningAfterMs`), the thread is
 * terminated — WebAssembly cannot be interrupted any other way — and the data directory
 * reopened in a new one. Postgres's crash recovery rolls back the stopped statement's
 * transaction; everything committed stays. Statements queued behind it run on the reopened
 * database; LISTEN channels are subscribed again.
 */
import { Worker } from "node:worker_threads";
import { DEFAULT_STATEMENT_TIMEOUT_MS, effectiveTimeout, parseDuration } from "./bounds.ts";
import { fromWire, statementTimeout, userCancel } from "./errors.ts";
import { pgliteModule } from "./pglite.ts";
import type { Job, ThreadInit, ThreadMessage } from "./protocol.ts";
import { ReopenBudget } from "./reopen-budget.ts";

const WORKER_URL = new URL("./worker.ts", import.meta.url);

export interface ThreadOptions {
  pgdata: string;
  log: (line: string) => void;
  /** A running statement whose caller went away is stopped once it has run this long (ms). */
  cancelRunningAfterMs: number;
  /** At most this many such stops (each a reopen) per minute. */
  cancelReopensPerMinute: number;
}

export interface RunOptions {
  /** Its bound in ms; the database's own statement_timeout when absent or 0. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Asked when the statement's turn comes: an error refuses it unsent; a script is run just
   * before it, in the same round trip (its transaction's BEGIN, the REST settings).
   */
  admit?: () => Error | string | undefined;
}

export interface Answer {
  value: unknown;
  /** Which opening of the database ran it (a transaction must not span two). */
  generation: number;
}

interface Pending {
  job: Job;
  options: RunOptions;
  resolve(answer: Answer): void;
  reject(error: Error): void;
  onAbort?: () => void;
}

interface Running {
  pending: Pending;
  id: number;
  started: number;
  timeoutMs: number;
  watchdog: NodeJS.Timeout;
  cancel?: NodeJS.Timeout;
}

const closedError = () => new Error("The database is closed");
const isCommit = (job: Job) => job.op === "exec" && job.sql === "COMMIT";

export class DatabaseThread {
  readonly #options: ThreadOptions;
  readonly #budget: ReopenBudget;
  readonly #queue: Pending[] = [];
  readonly #channels = new Map<string, Set<(payload: string) => void>>();
  #worker: Worker | undefined;
  #opening: Promise<void> | undefined;
  #running: Running | undefined;
  #generation = 0;
  #nextId = 1;
  #databaseTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS;
  #closing = false;
  #budgetSpentLogged = -Infinity;
  /** A read-only transaction ended without its COMMIT, which goes with the next job. */
  #commitDeferred = false;
  /** Times the database was reopened after a statement was stopped or the thread died. */
  reopens = 0;

  private constructor(options: ThreadOptions) {
    this.#options = options;
    this.#budget = new ReopenBudget(options.cancelReopensPerMinute);
  }

  static async open(options: ThreadOptions): Promise<DatabaseThread> {
    const thread = new DatabaseThread(options);
    await thread.#start();
    return thread;
  }

  get generation(): number {
    return this.#generation;
  }

  get busy(): boolean {
    return this.#running !== undefined || this.#queue.length > 0;
  }

  run(job: Job, options: RunOptions = {}): Promise<Answer> {
    if (this.#closing && job.op !== "close") return Promise.reject(closedError());
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(userCancel());
    return new Promise<Answer>((resolve, reject) => {
      const pending: Pending = { job, options, resolve, reject };
      if (signal) {
        pending.onAbort = () => this.#abandoned(pending);
        signal.addEventListener("abort", pending.onAbort, { once: true });
      }
      this.#queue.push(pending);
      this.#pump();
    });
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let listeners = this.#channels.get(channel);
    if (!listeners) {
      await this.run({ op: "listen", channel });
      listeners = this.#channels.get(channel) ?? new Set();
      this.#channels.set(channel, listeners);
    }
    listeners.add(onPayload);
    const subscribed = listeners;
    return async () => {
      subscribed.delete(onPayload);
      if (subscribed.size > 0 || this.#channels.get(channel) !== subscribed) return;
      this.#channels.delete(channel);
      await this.run({ op: "unlisten", channel });
    };
  }

  /**
   * Ends the open (read-only) transaction with the next job instead of a round trip of its own;
   * when none comes within a few ms, a COMMIT alone. Read-only: its COMMIT cannot fail and
   * makes nothing durable, so its caller may answer before it ran.
   */
  deferCommit(): void {
    this.#commitDeferred = true;
    setTimeout(() => {
      if (!this.#commitDeferred || this.#running || this.#queue.length > 0) return;
      this.run({ op: "exec", sql: "COMMIT" }).catch(() => {});
    }, 5).unref();
  }

  /** Lets queued statements finish, shuts Postgres down cleanly, ends the thread. */
  async close(): Promise<void> {
    if (this.#closing) return;
    const closed = this.run({ op: "close" }, { timeoutMs: 10_000 }).catch(() => {});
    this.#closing = true;
    await closed;
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #start(stopped?: Worker): Promise<void> {
    this.#opening ??= (async () => {
      const started = performance.now();
      try {
        await stopped?.terminate();
        await this.#spawn();
        if (stopped) {
          const ms = Math.round(performance.now() - started);
          this.#options.log(`[database] reopened in ${ms} ms`);
        }
      } catch (error) {
        const reason = error instanceof Error ? error : new Error(String(error));
        this.#options.log(`[database] could not open ${this.#options.pgdata}: ${reason.message}`);
        for (const pending of this.#queue.splice(0)) this.#settle(pending, reason);
        throw reason;
      } finally {
        this.#opening = undefined;
      }
      this.#pump();
    })();
    return this.#opening;
  }

  async #spawn(): Promise<void> {
    const init: ThreadInit = { pgdata: this.#options.pgdata, module: await pgliteModule() };
    const worker = new Worker(WORKER_URL, { workerData: init });
    const ready = await new Promise<string>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`the database thread exited (${code}) while opening`));
      worker.once("error", reject);
      worker.once("exit", onExit);
      const onMessage = (message: ThreadMessage) => {
        if (message.op !== "ready" && message.op !== "failed") return;
        worker.off("message", onMessage).off("error", reject).off("exit", onExit);
        if (message.op === "ready") resolve(message.statementTimeout);
        else reject(fromWire(message.error));
      };
      worker.on("message", onMessage);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    this.#databaseTimeoutMs = parseDuration(ready) ?? 0;
    // Until it is this.#worker, these ignore it (a failed LISTEN below ends it).
    worker.on("message", (message: ThreadMessage) => this.#received(worker, message));
    worker.on("error", (error) => this.#died(worker, error));
    worker.on("exit", (code) => this.#died(worker, new Error(`exit code ${code}`)));
    try {
      await this.#listenAgain(worker);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    this.#worker = worker;
  }

  /** LISTEN again on a reopened database, before any queued statement runs. */
  async #listenAgain(worker: Worker): Promise<void> {
    for (const channel of this.#channels.keys()) {
      const id = this.#nextId++;
      await new Promise<void>((resolve, reject) => {
        const onMessage = (message: ThreadMessage) => {
          if ((message.op !== "done" && message.op !== "error") || message.id !== id) return;
          worker.off("message", onMessage);
          if (message.op === "done") resolve();
          else reject(fromWire(message.error));
        };
        worker.on("message", onMessage);
        worker.postMessage({ id, op: "listen", channel });
      });
    }
  }

  #pump(): void {
    if (this.#running || this.#opening) return;
    const worker = this.#worker;
    if (!worker) {
      if (this.#queue.length > 0 && !this.#closing) void this.#start().catch(() => {});
      else for (const pending of this.#queue.splice(0)) this.#settle(pending, closedError());
      return;
    }
    for (;;) {
      const pending = this.#queue.shift();
      if (!pending) break;
      const { signal, admit } = pending.options;
      const admitted = signal?.aborted ? userCancel() : admit?.();
      if (admitted instanceof Error) {
        this.#settle(pending, admitted);
        continue;
      }
      this.#send(worker, pending, admitted);
      return;
    }
    // Idle: the thread alone must not keep the process alive.
    worker.unref();
  }

  #send(worker: Worker, pending: Pending, script: string | undefined): void {
    const id = this.#nextId++;
    const timeoutMs = effectiveTimeout(pending.options.timeoutMs, this.#databaseTimeoutMs);
    const running: Running = {
      pending,
      id,
      started: performance.now(),
      timeoutMs,
      watchdog: setTimeout(() => this.#stop(running, "timeout"), timeoutMs),
    };
    this.#running = running;
    worker.ref();
    // A job that is itself the deferred COMMIT needs no other.
    const deferred = this.#commitDeferred && !isCommit(pending.job);
    this.#commitDeferred = false;
    const before = deferred ? (script ? `COMMIT;${script}` : "COMMIT") : script;
    worker.postMessage(before ? { id, ...pending.job, before } : { id, ...pending.job });
  }

  #received(worker: Worker, message: ThreadMessage): void {
    if (worker !== this.#worker) return;
    if (message.op === "notify") {
      for (const listener of this.#channels.get(message.channel) ?? []) {
        try {
          listener(message.payload);
        } catch (error) {
          this.#options.log(`[database] a ${message.channel} listener failed: ${error}`);
        }
      }
      return;
    }
    if (message.op !== "done" && message.op !== "error") return;
    const running = this.#running;
    if (running?.id !== message.id) return;
    this.#finish(running);
    if (message.op === "done") this.#settle(running.pending, message.value);
    else this.#settle(running.pending, fromWire(message.error));
    this.#pump();
  }

  /** The caller of a queued or running statement went away. */
  #abandoned(pending: Pending): void {
    const queued = this.#queue.indexOf(pending);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      this.#settle(pending, userCancel());
      return;
    }
    const running = this.#running;
    if (running?.pending !== pending || running.cancel) return;
    const ran = performance.now() - running.started;
    const wait = Math.max(0, this.#options.cancelRunningAfterMs - ran);
    running.cancel = setTimeout(() => {
      if (this.#running !== running) return;
      if (this.#budget.take()) this.#stop(running, "cancel");
      else this.#budgetSpent();
    }, wait);
  }

  /** Logged once a minute at most: a flood must not flood the log too. */
  #budgetSpent(): void {
    const now = performance.now();
    if (now - this.#budgetSpentLogged < 60_000) return;
    this.#budgetSpentLogged = now;
    this.#options.log(
      `[database] ${this.#options.cancelReopensPerMinute} abandoned statements stopped this minute: ` +
        "further ones run on to their own bound",
    );
  }

  /** Stops a running statement: the thread is terminated and the database reopened. */
  #stop(running: Running, why: "timeout" | "cancel"): void {
    if (this.#running !== running) return;
    this.#finish(running);
    const ran = Math.round(performance.now() - running.started);
    this.#settle(running.pending, why === "timeout" ? statementTimeout() : userCancel());
    this.#options.log(
      why === "timeout"
        ? `[database] a statement ran past its ${running.timeoutMs} ms bound: stopped, reopening the database`
        : `[database] a statement abandoned by its client after ${ran} ms: stopped, reopening the database`,
    );
    this.#replaceWorker();
  }

  /** The thread stopped by itself (a crash in PGlite): the running statement fails, reopen. */
  #died(worker: Worker, error: Error): void {
    if (worker !== this.#worker) return;
    const running = this.#running;
    if (running) {
      this.#finish(running);
      this.#settle(running.pending, new Error(`the database thread stopped: ${error.message}`));
    }
    if (this.#closing) {
      this.#worker = undefined;
      this.#pump();
      return;
    }
    this.#options.log(`[database] the database thread stopped (${error.message}): reopening`);
    this.#replaceWorker();
  }

  #replaceWorker(): void {
    const stopped = this.#worker;
    this.#worker = undefined;
    this.#generation += 1;
    this.#commitDeferred = false; // crash recovery ends whatever was open
    if (this.#closing) {
      void stopped?.terminate();
      this.#pump();
      return;
    }
    this.reopens += 1;
    void this.#start(stopped).catch(() => {});
  }

  #finish(running: Running): void {
    clearTimeout(running.watchdog);
    clearTimeout(running.cancel);
    this.#running = undefined;
  }

  #settle(pending: Pending, outcome: unknown): void {
    if (pending.onAbort) pending.options.signal?.removeEventListener("abort", pending.onAbort);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve({ value: outcome, generation: this.#generation });
  }
}
