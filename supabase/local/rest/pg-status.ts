/**
 * SQLSTATE → HTTP status, following PostgREST's table (docs/references/errors.rst,
 * `mapSQLtoHTTP` in Error.hs). One deliberate difference: program limits hit by hostile input
 * (54000 program_limit_exceeded, 54001 stack depth) are the client's fault here (400), not 500.
 * PGlite is PostgreSQL 18, which reports an ON DELETE RESTRICT violation as 23001 where the
 * PostgreSQL 17 of a hosted project reports 23503: both answer 409, as hosted does.
 */

/** Exact codes first, then two-character classes; anything unlisted is a client error (400). */
const EXACT: Record<string, number> = {
  "23001": 409,
  "23503": 409,
  "23505": 409,
  "25006": 405,
  "53400": 500,
  "54000": 400,
  "54001": 400,
  "57P01": 503,
  P0001: 400,
  "42P01": 404,
  "42P17": 500,
};

const CLASSES: Record<string, number> = {
  "08": 503,
  "09": 500,
  "0L": 403,
  "0P": 403,
  "25": 500,
  "28": 403,
  "2D": 500,
  "38": 500,
  "39": 500,
  "3B": 500,
  "40": 500,
  "53": 503,
  "54": 500,
  "55": 500,
  "57": 500,
  "58": 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
};

export function pgErrorStatus(code: string, message: string, authenticated: boolean): number {
  if (code === "42501") return authenticated ? 403 : 401;
  if (code === "21000") {
    // pg-safeupdate's refusal is the client's fault; other cardinality errors are the server's.
    return message.endsWith("requires a WHERE clause") ? 400 : 500;
  }
  if (code === "22023") {
    return message.startsWith("role") && message.endsWith("does not exist") ? 401 : 400;
  }
  if (code === "42883") return message.startsWith("function xmlagg(") ? 406 : 404;
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom) return Number(custom[1]);
  if (code.startsWith("PT")) return 500;
  return EXACT[code] ?? CLASSES[code.slice(0, 2)] ?? 400;
}
