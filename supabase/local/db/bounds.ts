/**
 * How long the backend's statements may run. REST requests take their role's
 * `statement_timeout` from the database (sql/bootstrap.sql declares hosted Supabase's:
 * anon 3 s, authenticated 8 s, the authenticator's 8 s for service_role), as PostgREST does;
 * the backend's own services carry the bound their hosted counterparts set:
 * - auth: GoTrue cancels a request's database work after `API_MAX_REQUEST_DURATION` (10 s by
 *   default) and answers 504 `request_timeout`;
 * - storage: supabase/storage runs each transaction with `DATABASE_STATEMENT_TIMEOUT`
 *   (30 s by default) and answers 544 `DatabaseTimeout`;
 * - everything else (start-up, the mailbox, snapshots, housekeeping) the database's own
 *   `statement_timeout`, 2 min, hosted Supabase's global default.
 */

export const AUTH_STATEMENT_TIMEOUT_MS = 10_000;
export const STORAGE_STATEMENT_TIMEOUT_MS = 30_000;
/** The bound while the database declares none (a new directory, before sql/bootstrap.sql). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 120_000;

const UNIT_MS: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * A Postgres time setting in ms ("3s", "2min", "500ms", "8000" — milliseconds without a unit,
 * as for statement_timeout); undefined when it is not one.
 */
export function parseDuration(setting: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(setting);
  if (!match) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2] ?? "ms"] ?? 1);
}

/**
 * The bound a statement runs under: its timeout, or the database's when it has none (0 turns
 * Postgres's timeout off; here every statement keeps one).
 */
export function effectiveTimeout(timeoutMs: number | undefined, databaseMs: number): number {
  if (timeoutMs !== undefined && timeoutMs > 0) return timeoutMs;
  return databaseMs > 0 ? databaseMs : DEFAULT_STATEMENT_TIMEOUT_MS;
}
