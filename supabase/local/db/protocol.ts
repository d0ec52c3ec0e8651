/** Messages between the backend and its database thread (db/worker.ts). */
import type { WireError } from "./errors.ts";
import type { QueryResult } from "./types.ts";

/** Work for the database thread; it runs one at a time, in the order sent. */
export type Job =
  | { op: "query"; sql: string; params: unknown[] }
  | { op: "exec"; sql: string }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "snapshot" }
  | { op: "close" };

/**
 * `before`: statements run first, in the same round trip, their results dropped: a deferred
 * read-only COMMIT, a transaction's BEGIN with its first statement, the REST settings.
 */
export type JobRequest = Job & { id: number; before?: string };

/** What each job answers. */
export interface JobValue {
  query: QueryResult;
  exec: QueryResult[];
  listen: null;
  unlisten: null;
  snapshot: Uint8Array;
  close: null;
}

export type ThreadMessage =
  /** The database is open; its own `statement_timeout` (e.g. "2min", "0"). */
  | { op: "ready"; statementTimeout: string }
  | { op: "failed"; error: WireError }
  | { op: "notify"; channel: string; payload: string }
  | { op: "done"; id: number; value: unknown }
  | { op: "error"; id: number; error: WireError };

export interface ThreadInit {
  pgdata: string;
  module: WebAssembly.Module;
}
