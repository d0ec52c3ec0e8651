/**
 * Every REST request runs in ONE transaction, as PostgREST runs it: the JWT's role
 * (`set_config('role', …, true)`), `request.jwt.claims`, `request.method`, `request.path`,
 * `request.headers`, and read-only for reads and for calls of stable/immutable functions.
 * Any error rolls it back.
 */
import type { IncomingMessage } from "node:http";
import type { Transaction } from "@electric-sql/pglite";
import type { BackendContext } from "../context.ts";
import type { RequestRole } from "./request-role.ts";

export interface RequestScope {
  who: RequestRole;
  req: IncomingMessage;
  /** Path below /rest/v1, e.g. `/posts` or `/rpc/fn` (PostgREST's `request.path`). */
  path: string;
}

function headersJson(req: IncomingMessage): string {
  const { cookie: _cookie, ...headers } = req.headers;
  return JSON.stringify(headers);
}

export function runAs<T>(
  ctx: BackendContext,
  scope: RequestScope,
  readOnly: boolean,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const { who, req, path } = scope;
  return ctx.db.transaction(async (tx) => {
    // One short result instead of every value echoed back: less for PGlite to send and parse.
    await tx.query(
      `select length(concat(
         set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
         set_config('request.method', $3, true), set_config('request.path', $4, true),
         set_config('request.headers', $5, true),
         set_config('transaction_read_only', $6, true)))`,
      [
        who.role,
        JSON.stringify(who.claims),
        req.method ?? "GET",
        path,
        headersJson(req),
        readOnly ? "on" : "off",
      ],
    );
    return fn(tx);
  });
}
