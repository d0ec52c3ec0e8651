/**
 * The backend's `Database` (db/types.ts) on the database thread: PGlite's transaction
 * semantics — one transaction at a time, statements outside it wait, an error thrown inside
 * rolls it back — with every statement under its bound (db/thread.ts).
 *
 * A transaction opened on one opening of the database never continues on the next: once its
 * statement was stopped (and the database reopened, which rolled it back), its later
 * statements fail with 25P02 as in any aborted Postgres transaction, and it cannot commit.
 */
import { isCanceled, rolledBackInstead, transactionAborted } from "./errors.ts";
import type { Job } from "./protocol.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS } from "./settings.ts";
import { type Answer, DatabaseThread } from "./thread.ts";
import { Turns } from "./turns.ts";
import type { Database, DatabaseTx, QueryResult, StatementScope } from "./types.ts";

/** query and exec, as jobs for the database thread. */
abstract class Statements {
  protected abstract send(job: Job): Promise<unknown>;

  async query<T = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<QueryResult<T>> {
    return (await this.send({ op: "query", sql, params })) as QueryResult<T>;
  }

  async exec(sql: string): Promise<QueryResult[]> {
    return (await this.send({ op: "exec", sql })) as QueryResult[];
  }
}

/**
 * A transaction on the thread, in as few round trips as its statements: its BEGIN (and a
 * prelude, the REST settings) travels with its first statement, so a transaction that runs no
 * statement costs nothing, and a read-only one's COMMIT goes with whatever comes next.
 */
class ThreadTx extends Statements implements DatabaseTx {
  readonly #thread: DatabaseThread;
  readonly #signal?: AbortSignal;
  #timeoutMs?: number;
  /** The opening of the database its BEGIN went to; undefined until its first statement. */
  #generation?: number;
  #ended = false;
  /** A statement of it failed (Postgres aborted the transaction). */
  #failed = false;
  #prelude?: string;
  #commitLazily = false;
  /** The error that stopped one of its statements (the transaction is gone with it). */
  #stoppedBy?: Error;

  constructor(thread: DatabaseThread, scope: StatementScope) {
    super();
    this.#thread = thread;
    this.#signal = scope.signal;
    this.#timeoutMs = scope.timeoutMs;
  }

  useStatementTimeout(ms: number): void {
    this.#timeoutMs = ms;
  }

  prelude(sql: string): void {
    this.#prelude = this.#prelude ? `${this.#prelude};${sql}` : sql;
  }

  commitLazily(): void {
    this.#commitLazily = true;
  }

  /** Its BEGIN ran on an opening of the database that has since been replaced. */
  get #lost(): boolean {
    return this.#generation !== undefined && this.#thread.generation !== this.#generation;
  }

  readonly #admit = () => {
    if (this.#lost) return transactionAborted();
    let script = this.#prelude;
    this.#prelude = undefined;
    if (this.#generation === undefined) {
      this.#generation = this.#thread.generation;
      script = script ? `BEGIN;${script}` : "BEGIN";
    }
    return script;
  };

  protected async send(job: Job): Promise<Answer["value"]> {
    if (this.#ended) throw new Error("Transaction is closed");
    try {
      const { value } = await this.#thread.run(job, {
        timeoutMs: this.#timeoutMs,
        signal: this.#signal,
        admit: this.#admit,
      });
      return value;
    } catch (error) {
      this.#failed = true;
      if (isCanceled(error) && this.#lost) this.#stoppedBy ??= error as Error;
      throw error;
    }
  }

  async commit(): Promise<void> {
    if (this.#generation === undefined) {
      this.#ended = true;
      return;
    }
    if (this.#lost) {
      this.#ended = true;
      throw this.#stoppedBy ?? transactionAborted();
    }
    if (this.#commitLazily && !this.#failed) {
      this.#ended = true;
      this.#thread.deferCommit();
      return;
    }
    let results: QueryResult[];
    try {
      results = await this.exec("COMMIT");
    } catch (error) {
      // Refused before it ran (its client left): the transaction is still open.
      await this.rollback();
      throw error;
    } finally {
      this.#ended = true;
    }
    if (results[0]?.command === "ROLLBACK") throw rolledBackInstead();
  }

  /** Always runs, whoever left: nothing else may use the database while it is open. */
  async rollback(): Promise<void> {
    this.#ended = true;
    // Nothing began, or the reopen's crash recovery rolled it back.
    if (this.#generation === undefined || this.#lost) return;
    await this.#thread.run({ op: "exec", sql: "ROLLBACK" }).catch(() => {});
  }
}

class ThreadDatabase extends Statements implements Database {
  readonly #thread: DatabaseThread;
  readonly #turns: Turns;
  readonly #scope: StatementScope;

  constructor(thread: DatabaseThread, turns: Turns, scope: StatementScope) {
    super();
    this.#thread = thread;
    this.#turns = turns;
    this.#scope = scope;
  }

  get busy(): boolean {
    return this.#turns.busy || this.#thread.busy;
  }

  get reopens(): number {
    return this.#thread.reopens;
  }

  scoped(scope: StatementScope): Database {
    return new ThreadDatabase(this.#thread, this.#turns, { ...this.#scope, ...scope });
  }

  protected send(job: Job): Promise<unknown> {
    const { timeoutMs, signal } = this.#scope;
    return this.#turns.run(
      async () => (await this.#thread.run(job, { timeoutMs, signal })).value,
      signal,
    );
  }

  transaction<T>(fn: (tx: DatabaseTx) => Promise<T>): Promise<T> {
    return this.#turns.run(async () => {
      const tx = new ThreadTx(this.#thread, this.#scope);
      let value: T;
      try {
        value = await fn(tx);
      } catch (error) {
        await tx.rollback();
        throw error;
      }
      await tx.commit();
      return value;
    }, this.#scope.signal);
  }

  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    return this.#turns.run(async () => {
      const unlisten = await this.#thread.listen(channel, onPayload);
      return () => this.#turns.run(unlisten);
    });
  }

  async snapshot(): Promise<Uint8Array> {
    return (await this.send({ op: "snapshot" })) as Uint8Array;
  }

  close(): Promise<void> {
    return this.#thread.close();
  }
}

/** The backend's database: PGlite on `pgdata`, opened on a thread of its own. */
export async function openDatabaseThread(
  pgdata: string,
  log: (line: string) => void,
  settings: Pick<
    DatabaseSettings,
    "cancelRunningAfterMs" | "cancelReopensPerMinute"
  > = DEFAULT_DATABASE_SETTINGS,
): Promise<Database> {
  const { cancelRunningAfterMs, cancelReopensPerMinute } = settings;
  const thread = await DatabaseThread.open({
    pgdata,
    log,
    cancelRunningAfterMs,
    cancelReopensPerMinute,
  });
  return new ThreadDatabase(thread, new Turns(), {});
}
