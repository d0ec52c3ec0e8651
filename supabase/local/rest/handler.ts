/**
 * /rest/v1 (PostgREST subset, supabase/local/README.md): authenticates the JWT, picks the schema profile,
 * routes `/`, `/<table>` and `/rpc/<fn>`, and turns every failure into PostgREST's error body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError, sendJson } from "../http.ts";
import type { Catalog } from "./catalog.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { fromPgError, isPgError, RestError } from "./errors.ts";
import { closest } from "./fuzzy.ts";
import { parsePreferences } from "./prefer.ts";
import { type Reply, sendReply } from "./reply.ts";
import { resolveRole } from "./request-role.ts";
import { handleRpc } from "./rpc/handler.ts";
import { checkProfile } from "./schema-profile.ts";
import { handleTable } from "./table-handler.ts";
import type { RequestScope } from "./transaction.ts";

/** The gateway (server.ts) checks API keys with the same rules as hosted Supabase. */
export { isProjectApiKey } from "./api-key.ts";

const TABLE_HINT_SCORE = 0.75;

function rootDocument(catalog: Catalog): Reply {
  const paths = Object.fromEntries(catalog.tableNames().map((table) => [`/${table}`, {}]));
  const body = JSON.stringify({
    swagger: "2.0",
    info: { title: "local", version: "local" },
    paths,
  });
  return {
    status: 200,
    headers: { "Content-Type": "application/openapi+json; charset=utf-8" },
    body,
  };
}

function tableNotFound(catalog: Catalog, name: string): RestError {
  const suggestion = closest(catalog.tableNames(), name, TABLE_HINT_SCORE);
  return new RestError(
    404,
    "PGRST205",
    `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${suggestion}'` : null,
  );
}

async function route(
  ctx: BackendContext,
  catalog: Catalog,
  scope: RequestScope,
  query: URLSearchParams,
): Promise<Reply> {
  const segments = scope.path.replace(/^\/+/, "").split("/").map(decodeURIComponent);
  const prefs = parsePreferences(scope.req);
  if (segments.length === 1 && segments[0] === "") {
    const method = scope.req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
    }
    return rootDocument(catalog);
  }
  if (segments.length === 2 && segments[0] === "rpc") {
    return handleRpc({ ctx, scope, name: segments[1] ?? "", query, prefs }, catalog);
  }
  if (segments.length !== 1) {
    throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
  }
  const name = segments[0] ?? "";
  const table = await catalog.table(name);
  if (!table) throw tableNotFound(catalog, name);
  return handleTable({ ctx, scope, table, query, prefs }, catalog);
}

function toRestError(
  ctx: BackendContext,
  req: IncomingMessage,
  error: unknown,
  authenticated: boolean,
) {
  if (error instanceof RestError) return error;
  if (isPgError(error)) return fromPgError(error, authenticated);
  if (error instanceof BodyTooLargeError) {
    return new RestError(413, "PGRST413", "Payload Too Large", error.message);
  }
  if (error instanceof URIError) return new RestError(400, "PGRST100", "Malformed URI");
  ctx.log(
    `[rest] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : error}`,
  );
  return new RestError(500, "PGRST000", "Internal server error");
}

export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  catalog: Catalog,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  let authenticated = false;
  try {
    const who = await resolveRole(ctx, req);
    authenticated = who.role !== "anon";
    const profiled = checkProfile(req);
    const reply = await route(ctx, catalog, { who, req, path }, query);
    sendReply(req, res, reply, profiled);
  } catch (error) {
    const restError = toRestError(ctx, req, error, authenticated);
    if (restError.status >= 500) ctx.log(`[rest] ${req.method} ${req.url}: ${restError.message}`);
    sendJson(res, restError.status, restError.body(), restError.responseHeaders());
  }
}
