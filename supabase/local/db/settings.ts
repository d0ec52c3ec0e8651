/** How the backend looks after its database (`startLocalSupabase({ database })`). */
import { AUTH_STATEMENT_TIMEOUT_MS, STORAGE_STATEMENT_TIMEOUT_MS } from "./bounds.ts";
import { DEFAULT_HOUSEKEEPING_INTERVAL_MS } from "./housekeeping.ts";

export interface DatabaseSettings {
  /** Bound of each auth statement (ms); hosted GoTrue's request limit, 10 s (db/bounds.ts). */
  authStatementTimeoutMs: number;
  /** Bound of each storage statement (ms); hosted Storage's, 30 s. */
  storageStatementTimeoutMs: number;
  /**
   * A running statement whose client went away is stopped once it has run this long (ms).
   * 1 s: a reopen costs ~0.2–0.4 s on a quiet machine (up to ~1 s on a loaded one), during
   * which every request waits; a statement that has run less than that is as likely to end by
   * itself soon, and a client must keep the database busy this long for each reopen it causes.
   */
  cancelRunningAfterMs: number;
  /**
   * At most this many such stops (each a reopen) per minute; past it an abandoned statement
   * runs on to its own statement_timeout. 6: reopens then take at most ~2.5–10 % of the time.
   */
  cancelReopensPerMinute: number;
  /** Keep planner statistics fresh, as autovacuum would (db/housekeeping.ts). */
  statistics: boolean;
  /** How often housekeeping (checkpoints, statistics) checks (ms). */
  housekeepingIntervalMs: number;
}

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  authStatementTimeoutMs: AUTH_STATEMENT_TIMEOUT_MS,
  storageStatementTimeoutMs: STORAGE_STATEMENT_TIMEOUT_MS,
  cancelRunningAfterMs: 1000,
  cancelReopensPerMinute: 6,
  statistics: true,
  housekeepingIntervalMs: DEFAULT_HOUSEKEEPING_INTERVAL_MS,
};

export function databaseSettings(overrides: Partial<DatabaseSettings> = {}): DatabaseSettings {
  return { ...DEFAULT_DATABASE_SETTINGS, ...overrides };
}
