/**
 * /rest/v1 (PostgREST subset, supabase/local/README.md): authenticates the JWT, picks the schema profile,
 * routes `/`, `/<table>` and `/rpc/<fn>` (a table of handlers), and turns every failure into
 * PostgREST's error body.
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError } from "../http.ts";
import type { Catalog } from "./catalog.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { fromPgError, isPgError, RestError } from "./errors.ts";
import { closest } from "./fuzzy.ts";
import { type Preferences, parsePreferences } from "./prefer.ts";
import { type Reply, replyResult } from "./reply.ts";
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

/** One request below /rest/v1, its path split into percent-decoded segments. */
interface RestCall {
  ctx: BackendContext;
  catalog: Catalog;
  scope: RequestScope;
  segments: string[];
  prefs: Preferences;
}

type RestHandler = (call: RestCall) => Promise<Reply>;

const root: RestHandler = async ({ catalog, scope }) => {
  const { method } = scope.req;
  if (method !== "GET" && method !== "HEAD") {
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
  }
  return rootDocument(catalog);
};

const rpc: RestHandler = ({ ctx, catalog, scope, segments, prefs }) =>
  handleRpc({ ctx, scope, name: segments[1] ?? "", query: scope.req.query, prefs }, catalog);

const table: RestHandler = async ({ ctx, catalog, scope, segments, prefs }) => {
  const name = segments[0] ?? "";
  const found = await catalog.table(name);
  if (!found) throw tableNotFound(catalog, name);
  return handleTable({ ctx, scope, table: found, query: scope.req.query, prefs }, catalog);
};

/** `/`, `/rpc/<fn>`, `/<table>`, tried in order; anything else is PGRST125. */
const ROUTES: [(segments: string[]) => boolean, RestHandler][] = [
  [(segments) => segments.length === 1 && segments[0] === "", root],
  [(segments) => segments.length === 2 && segments[0] === "rpc", rpc],
  [(segments) => segments.length === 1, table],
];

function route(ctx: BackendContext, catalog: Catalog, scope: RequestScope): Promise<Reply> {
  const segments = scope.path.replace(/^\/+/, "").split("/").map(decodeURIComponent);
  const prefs = parsePreferences(scope.req);
  const handler = ROUTES.find(([matches]) => matches(segments))?.[1];
  if (!handler) throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
  return handler({ ctx, catalog, scope, segments, prefs });
}

const described = (request: ApiRequest) =>
  `${request.method} /rest/v1${request.path}${request.query.size > 0 ? `?${request.query}` : ""}`;

function toRestError(
  ctx: BackendContext,
  request: ApiRequest,
  error: unknown,
  authenticated: boolean,
) {
  if (error instanceof RestError) return error;
  if (isPgError(error)) return fromPgError(error, authenticated);
  if (error instanceof BodyTooLargeError) {
    return new RestError(413, "PGRST413", "Payload Too Large", error.message);
  }
  if (error instanceof URIError) return new RestError(400, "PGRST100", "Malformed URI");
  ctx.log(`[rest] ${described(request)} failed: ${error instanceof Error ? error.stack : error}`);
  return new RestError(500, "PGRST000", "Internal server error");
}

/** Answers a request below /rest/v1 (`request.path` is the part after it). */
export async function handleRest(
  request: ApiRequest,
  ctx: BackendContext,
  catalog: Catalog,
): Promise<ApiResult> {
  let authenticated = false;
  try {
    const who = await resolveRole(ctx, request);
    authenticated = who.role !== "anon";
    const profiled = checkProfile(request);
    const reply = await route(ctx, catalog, { who, req: request, path: request.path });
    return replyResult(request, reply, profiled);
  } catch (error) {
    const restError = toRestError(ctx, request, error, authenticated);
    if (restError.status >= 500) ctx.log(`[rest] ${described(request)}: ${restError.message}`);
    return jsonResult(restError.status, restError.body(), restError.responseHeaders());
  }
}
