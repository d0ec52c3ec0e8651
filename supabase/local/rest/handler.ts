/**
 * /rest/v1 (PostgREST subset, supabase/local/README.md): authenticates the JWT, picks the schema
 * profile, routes `/`, `/rpc/<fn>` and `/<table>` (one route table), and turns every failure
 * into PostgREST's error body.
 */
import type { ApiRequest } from "../api-request.ts";
import { type ApiResult, jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError } from "../http.ts";
import {
  compileRoutes,
  type Guard,
  guardOf,
  type Params,
  type Route,
  route,
} from "../route-table.ts";
import type { Catalog, TableInfo } from "./catalog.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { fromPgError, isPgError, notImplemented, RestError } from "./errors.ts";
import { closest } from "./fuzzy.ts";
import { type Preferences, parsePreferences } from "./prefer.ts";
import { type Reply, replyResult } from "./reply.ts";
import { resolveRole } from "./request-role.ts";
import { handleRpc } from "./rpc/handler.ts";
import { checkProfile } from "./schema-profile.ts";
import { runTablePlan } from "./table-handler.ts";
import { planTableRequest } from "./table-plan.ts";
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

/** One request below /rest/v1 and its route's percent-decoded params. */
interface RestCall {
  ctx: BackendContext;
  catalog: Catalog;
  scope: RequestScope;
  params: Params;
  prefs: Preferences;
}

type RestHandler = (call: RestCall) => Promise<Reply>;

const root: RestHandler = async ({ catalog }) => rootDocument(catalog);

const refuseMethod: RestHandler = async ({ scope }) => {
  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${scope.req.method}`);
};

const rpc: RestHandler = ({ ctx, catalog, scope, params, prefs }) =>
  handleRpc({ ctx, scope, name: params.fn ?? "", query: scope.req.query, prefs }, catalog);

const refuseRpcMethod: RestHandler = async ({ scope }) => {
  throw new RestError(405, "PGRST101", `Cannot use the ${scope.req.method} method on RPC`);
};

/** A handler of `/:table`: the table is looked up (PGRST205) before anything else. */
const onTable =
  (handle: (call: RestCall, table: TableInfo) => Promise<Reply>): RestHandler =>
  async (call) => {
    const name = call.params.table ?? "";
    const found = await call.catalog.table(name);
    if (!found) throw tableNotFound(call.catalog, name);
    return handle(call, found);
  };

const tableRequest = onTable(async ({ ctx, catalog, scope, prefs }, table) => {
  const plan = await planTableRequest(scope.req, table, catalog, prefs);
  return runTablePlan({ ctx, scope, table, prefs }, plan);
});

const singleUpsert = onTable(async () => {
  throw notImplemented("PUT (single-row upsert) is not implemented by the embedded backend");
});

/**
 * PostgREST's actions, tried in order: the schema root, function calls, tables; a method a path
 * does not take is refused as PostgREST refuses it. Every route needs the API key (the gateway).
 */
export const REST_ROUTES: readonly Route<RestHandler, "apiKey">[] = [
  route("GET HEAD", "/", "apiKey", root),
  route("*", "/", "apiKey", refuseMethod),
  route("GET HEAD POST", "/rpc/:fn", "apiKey", rpc),
  route("*", "/rpc/:fn", "apiKey", refuseRpcMethod),
  route("GET HEAD POST PATCH DELETE", "/:table", "apiKey", tableRequest),
  route("PUT", "/:table", "apiKey", singleUpsert),
  route("*", "/:table", "apiKey", onTable(refuseMethod)),
];

/** PostgREST's pathInfo: segments decoded before matching; `/rpc/` names the function "". */
const REST_TABLE = compileRoutes(REST_ROUTES, { decodeSegments: true, emptyParams: true });

/** The path as the table reads it: leading slashes collapse (`//posts` is `/posts`). */
const restPath = (path: string) => `/${path.replace(/^\/+/, "")}`;

/** The guard of the route a request below /rest/v1 reaches (all of them need the API key). */
export const restGuard = ({ method, path }: ApiRequest): Guard =>
  guardOf(REST_TABLE.match(method, restPath(path)), "apiKey");

function dispatch(ctx: BackendContext, catalog: Catalog, scope: RequestScope): Promise<Reply> {
  const match = REST_TABLE.match(scope.req.method, restPath(scope.path));
  if (match.kind === "malformed") throw new RestError(400, "PGRST100", "Malformed URI");
  if (match.kind === "missed") {
    throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
  }
  const prefs = parsePreferences(scope.req);
  return match.route.handler({ ctx, catalog, scope, params: match.params, prefs });
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
    const reply = await dispatch(ctx, catalog, { who, req: request, path: request.path });
    return replyResult(request, reply, profiled);
  } catch (error) {
    const restError = toRestError(ctx, request, error, authenticated);
    if (restError.status >= 500) ctx.log(`[rest] ${described(request)}: ${restError.message}`);
    return jsonResult(restError.status, restError.body(), restError.responseHeaders());
  }
}
