/**
 * Every REST request runs in ONE transaction, as PostgREST runs it: the role's own settings
 * (its `statement_timeout` above all: rest/role-settings.ts), the JWT's role
 * (`set_config('role', …, true)`), `request.jwt.claims`, `request.method`, `request.path`,
 * `request.headers`, and read-only for reads and for calls of stable/immutable functions.
 * Any error rolls it back. On a real PostgreSQL the timeout is enforced by Postgres itself;
 * on PGlite the database thread's watchdog enforces the same value (db/thread.ts).
 */

import type { ApiRequest, RequestHeaders } from "../api-request.ts";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { RestError } from "./errors.ts";
import type { RequestRole } from "./request-role.ts";
import { type RoleSettings, settingsOf, statementTimeoutOf } from "./role-settings.ts";

/** What the request settings read of a request (RLS tests pass a bare method and headers). */
export interface SettingsScope {
  who: RequestRole;
  req: { method?: string; headers: RequestHeaders };
  /** Path below /rest/v1, e.g. `/posts` or `/rpc/fn` (PostgREST's `request.path`). */
  path: string;
  /** The roles' settings (loadRoleSettings); without them none are set. */
  roleSettings?: RoleSettings;
}

export interface RequestScope extends SettingsScope {
  req: ApiRequest;
}

function headersJson(req: SettingsScope["req"]): string {
  const { cookie: _cookie, ...headers } = req.headers;
  return JSON.stringify(headers);
}

/**
 * A value as a Postgres escape-string literal (`E'…'`): backslashes and quotes doubled, which
 * is exact whatever `standard_conforming_strings` says. A NUL cannot be in a Postgres text at
 * all (and would end the simple-protocol query early), so it is refused; JSON never holds one
 * raw (`JSON.stringify` writes `\u0000`).
 */
export function sqlLiteral(value: string): string {
  if (value.includes("\0"))
    throw new RestError(400, "22021", 'invalid byte sequence for encoding "UTF8": 0x00');
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** The request's settings, as one statement for the simple protocol (one call into PGlite). */
export function requestSettingsSql(scope: SettingsScope, readOnly: boolean): string {
  const { who, req, path } = scope;
  const settings: [string, string][] = [
    // Before the role, as PostgREST sets them.
    ...settingsOf(scope.roleSettings, who.role),
    ["role", who.role],
    ["request.jwt.claims", JSON.stringify(who.claims)],
    ["request.method", req.method ?? "GET"],
    ["request.path", path],
    ["request.headers", headersJson(req)],
    ["transaction_read_only", readOnly ? "on" : "off"],
  ];
  const calls = settings.map(
    ([name, value]) => `set_config(${sqlLiteral(name)}, ${sqlLiteral(value)}, true)`,
  );
  return `select length(concat(${calls.join(", ")}))`;
}

export function runAs<T>(
  ctx: BackendContext,
  scope: RequestScope,
  readOnly: boolean,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const settings = requestSettingsSql({ ...scope, roleSettings: ctx.roleSettings }, readOnly);
  const timeoutMs = statementTimeoutOf(ctx.roleSettings, scope.who.role);
  return ctx.db.transaction(async (tx) => {
    // The simple protocol: one call into PGlite, against six for a parameterised query (parse,
    // describe, bind, describe, execute, sync); and no trip of its own to the database thread.
    tx.prelude(settings);
    if (timeoutMs !== undefined) tx.useStatementTimeout(timeoutMs);
    if (readOnly) tx.commitLazily();
    return fn(tx);
  });
}
