/**
 * One connection to a database, the same way whatever the server: PGlite (in process) or a real
 * PostgreSQL server (node-postgres).
 */
import { setImmediate as ioTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

export interface StatementResult<T = Record<string, unknown>> {
  rows: T[];
  /** The row count of an INSERT, UPDATE or DELETE. */
  affected: number;
}

export interface SqlSession {
  /** Runs statements separated by `;` in one round trip (simple protocol, no parameters). */
  script(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<StatementResult<T>>;
}

/**
 * PGlite runs in this thread and its answers come as promise continuations only: each call
 * ends with a turn of the event loop, or a long series of calls would hold up every other I/O
 * (a server being started next to it) until its end.
 */
export function pgliteSession(db: PGlite): SqlSession {
  return {
    // Not exec()'s results: PGlite 0.5 counts their affectedRows cumulatively over the script.
    script: async (sql) => {
      await db.exec(sql);
      await ioTurn();
    },
    query: async <T>(sql: string, params?: unknown[]) => {
      // Without parameters, the simple protocol: one call into PGlite instead of six. Its one
      // result's count is the statement's own.
      const [result] = params ? [await db.query<T>(sql, params)] : await db.exec(sql);
      await ioTurn();
      if (!result) throw new Error(`no result for ${sql}`);
      return { rows: result.rows as T[], affected: result.affectedRows ?? 0 };
    },
  };
}

export function pgSession(client: pg.Client): SqlSession {
  return {
    script: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], affected: result.rowCount ?? 0 };
    },
  };
}
