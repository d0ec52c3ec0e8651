/**
 * What the backend knows of its database: the package's own interface, so that nothing but
 * db/ knows that PGlite runs on a thread of its own (db/thread.ts). PGlite itself satisfies
 * `Tx` and `Queryable`, which is what the tools that open a data directory in their own thread
 * (`openDatabase`: scripts, the real-Postgres test) hand to the same functions.
 */

/** One statement's answer, as PGlite gives it. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows an INSERT, UPDATE or DELETE touched. */
  affectedRows?: number;
  /** The command tag's verb, e.g. "SELECT", "COMMIT" ("ROLLBACK" for a failed transaction's COMMIT). */
  command?: string;
  fields: { name: string; dataTypeID: number }[];
}

/** Statements inside one transaction (or outside any, for `Queryable`). */
export interface Tx {
  /** One statement with bound parameters (extended protocol). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** A script of one or more statements (simple protocol): one result per statement. */
  exec(sql: string): Promise<QueryResult[]>;
}

/** A database that runs transactions: one at a time; an error thrown inside rolls it back. */
export interface Queryable extends Tx {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** The bounds a caller's statements run under (a request's, or the backend's own). */
export interface StatementScope {
  /**
   * Longest a statement may run, in ms, like Postgres's `statement_timeout`; over it the
   * statement fails with 57014 "canceling statement due to statement timeout". Default: the
   * database's own `statement_timeout` (2 min, sql/bootstrap.sql).
   */
  timeoutMs?: number;
  /**
   * The caller gave up (its client went away): statements not started fail with 57014
   * "canceling statement due to user request", and a running one is stopped once it has run
   * long enough to be worth a reopen (db/thread.ts).
   */
  signal?: AbortSignal;
}

export interface DatabaseTx extends Tx {
  /** This transaction's later statements run under this bound (a REST role's timeout). */
  useStatementTimeout(ms: number): void;
  /**
   * A script run just before the transaction's next statement, in the same round trip (the
   * REST settings): its results are dropped, its error is that statement's. Dropped when no
   * statement follows.
   */
  prelude(sql: string): void;
  /**
   * The transaction only reads (its settings made it read-only): its COMMIT, which can neither
   * fail nor make anything durable, goes with the next statement instead of a round trip of its
   * own. Ignored when one of its statements failed (that COMMIT must report it).
   */
  commitLazily(): void;
}

/** The backend's database: PGlite on its own thread, every statement under a watchdog. */
export interface Database extends Queryable {
  transaction<T>(fn: (tx: DatabaseTx) => Promise<T>): Promise<T>;
  /** The same database; statements made through the view carry these bounds. */
  scoped(scope: StatementScope): Database;
  /** `LISTEN`; kept across reopens. Resolves to the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** An uncompressed tar of the data directory after a CHECKPOINT, between two statements. */
  snapshot(): Promise<Uint8Array>;
  /** True while a statement runs or waits, or a transaction is open (housekeeping yields). */
  readonly busy: boolean;
  /** Times the database was reopened (statements stopped by the watchdog, thread crashes). */
  readonly reopens: number;
  close(): Promise<void>;
}
