/**
 * The HTTP front door: routes /auth/v1, /rest/v1, /storage/v1 and /mailbox, like the Supabase API
 * gateway. Each service declares its routes in one table (route-table.ts); the gateway asks for
 * the project API key where the route a request reaches declares `apiKey` or `serviceRole` (so
 * not for Storage, which checks the bearer token itself, as on hosted Supabase: public and
 * signed URLs are plain links, nor for GoTrue's e-mail links and probes).
 *
 * Each request's handler gets the database scoped to it: its statements run under its
 * service's bound (db/bounds.ts) and are cancelled when its client goes away before the answer
 * (statements not started are never run; db/thread.ts decides about a running one).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type ApiRequest, below, parseApiRequest } from "./api-request.ts";
import { type ApiResult, jsonResult, writeResult } from "./api-result.ts";
import { authGuard, handleAuth } from "./auth/router.ts";
import { handleSnapshot, isSnapshotPath } from "./backup.ts";
import type { BackendContext } from "./context.ts";
import { handleMailbox, isMailboxPath } from "./mailbox-http.ts";
import type { Catalog } from "./rest/catalog.ts";
import { handleRest, isProjectApiKey, restGuard } from "./rest/handler.ts";
import { authenticatorTimeout } from "./rest/role-settings.ts";
import type { Guard } from "./route-table.ts";
import { handleStorage, storageGuard } from "./storage/router.ts";

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "authorization, apikey, content-type, prefer, range, range-unit, accept-profile, content-profile, x-client-info, x-supabase-api-version, x-retry-count, x-upsert, x-metadata, cache-control",
  "Access-Control-Expose-Headers": "content-range, x-total-count, link, x-supabase-api-version",
  "Access-Control-Max-Age": "86400",
};

interface Service {
  prefix: string;
  /**
   * The guard of the route the request reaches in the service's table (`request.path` is below
   * the prefix); the gateway demands a project API key for `apiKey` and `serviceRole` routes.
   */
  guard: (request: ApiRequest) => Guard;
  /** The bound of its statements; REST requests narrow it to their role's once it is set. */
  statementTimeoutMs: (ctx: BackendContext) => number | undefined;
  handle: (request: ApiRequest, ctx: BackendContext, catalog: Catalog) => Promise<ApiResult>;
}

/** The services by path prefix; each handler gets the request with `path` below its prefix. */
const SERVICES: Service[] = [
  {
    prefix: "/storage/v1",
    guard: storageGuard,
    statementTimeoutMs: (ctx) => ctx.statementBounds.storageStatementTimeoutMs,
    handle: (request, ctx) => handleStorage(request, ctx, ctx.storage),
  },
  {
    prefix: "/auth/v1",
    guard: authGuard,
    statementTimeoutMs: (ctx) => ctx.statementBounds.authStatementTimeoutMs,
    handle: (request, ctx) => handleAuth(request, ctx),
  },
  {
    prefix: "/rest/v1",
    guard: restGuard,
    statementTimeoutMs: (ctx) => authenticatorTimeout(ctx.roleSettings),
    handle: handleRest,
  },
];

const needsApiKey = (guard: Guard) => guard === "apiKey" || guard === "serviceRole";

/**
 * Paths answered before the CORS preflight, each through its own route table: the mailbox is
 * same-origin only and sends no CORS headers, and snapshots answer only a service-role POST.
 */
const LOCAL_SERVICES = [
  { owns: isMailboxPath, handle: handleMailbox },
  { owns: isSnapshotPath, handle: handleSnapshot },
];

/** The backend's state as one request's handler sees it: the database scoped to the request. */
const forRequest = (ctx: BackendContext, signal: AbortSignal, timeoutMs?: number) => ({
  ...ctx,
  db: ctx.db.scoped({ timeoutMs, signal }),
});

/** The gateway's key check: the apikey (header, query, else the bearer) must be one of the project's keys. */
function apiKeyRefusal(ctx: BackendContext, request: ApiRequest): ApiResult | null {
  const key = request.apikey ?? request.query.get("apikey") ?? request.bearer;
  if (!key) {
    return jsonResult(401, {
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    });
  }
  if (!isProjectApiKey(ctx.keys, key)) {
    return jsonResult(401, {
      message: "Invalid API key",
      hint: "Double check your Supabase `anon` or `service_role` API key.",
    });
  }
  return null;
}

function route(
  request: ApiRequest,
  ctx: BackendContext,
  catalog: Catalog,
  signal: AbortSignal,
): Promise<ApiResult> {
  const { method, path } = request;
  const local = LOCAL_SERVICES.find(({ owns }) => owns(path));
  if (local) return local.handle(request, forRequest(ctx, signal));
  if (method === "OPTIONS") return Promise.resolve({ status: 204, headers: CORS_HEADERS });
  const service = SERVICES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  if (!service) {
    return Promise.resolve(jsonResult(404, { message: "no Route matched with those values" }));
  }
  const scoped = below(request, service.prefix);
  const refused = needsApiKey(service.guard(scoped)) ? apiKeyRefusal(ctx, scoped) : null;
  if (refused) return Promise.resolve(refused);
  const scopedCtx = forRequest(ctx, signal, service.statementTimeoutMs(ctx));
  return service.handle(scoped, scopedCtx, catalog);
}

/** The request's URL, or null when it cannot be parsed. */
function requestUrl(req: IncomingMessage): URL | null {
  const raw = req.url ?? "/";
  try {
    return new URL(`http://localhost${raw.startsWith("/") ? raw : `/${raw}`}`);
  } catch {
    return null;
  }
}

/** Parses the request once, routes it, writes the one result. */
async function dispatch(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  catalog: Catalog,
): Promise<void> {
  const url = requestUrl(req);
  // The client went away before its answer: its statements are cancelled.
  const departed = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) departed.abort();
  });
  const result = url
    ? await route(parseApiRequest(req, url), ctx, catalog, departed.signal)
    : jsonResult(400, { message: "Malformed request URL" });
  await writeResult(res, result);
}

export function createBackendServer(ctx: BackendContext, catalog: Catalog): Server {
  const server = createServer((req, res) => {
    dispatch(req, res, ctx, catalog).catch((error: unknown) => {
      // The path only: a query string may hold an e-mail link's token (GET /verify?token=…).
      const path = (req.url ?? "").split("?")[0];
      ctx.log(
        `[http] ${req.method} ${path} failed: ${error instanceof Error ? error.stack : error}`,
      );
      if (res.headersSent) res.destroy();
      else
        writeResult(res, jsonResult(500, { message: "Internal server error" })).catch(() =>
          res.destroy(),
        );
    });
  });
  // Keep-alive helps the benchmarks and SSR; headers must arrive promptly.
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}
