/** The HTTP front door: routes /auth/v1, /rest/v1 and /mailbox, like the Supabase API gateway. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { handleAuth } from "./auth/router.ts";
import { handleSnapshot, SNAPSHOT_PATH } from "./backup.ts";
import type { BackendContext } from "./context.ts";
import { headerValue, send, sendJson } from "./http.ts";
import { bearerToken } from "./jwt.ts";
import { handleMailbox } from "./mailbox-http.ts";
import type { Catalog } from "./rest/catalog.ts";
import { handleRest, isProjectApiKey } from "./rest/handler.ts";

/** Auth routes the gateway lets through without an API key (e-mail links, probes). */
const OPEN_AUTH_ROUTES = new Set(["GET /verify", "GET /health", "GET /.well-known/jwks.json"]);

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "authorization, apikey, content-type, prefer, range, range-unit, accept-profile, content-profile, x-client-info, x-supabase-api-version, x-retry-count",
  "Access-Control-Expose-Headers": "content-range, x-total-count, link, x-supabase-api-version",
  "Access-Control-Max-Age": "86400",
};

/** The gateway's key check: the apikey (header, query, else the bearer) must be one of the project's keys. */
function checkApiKey(
  ctx: BackendContext,
  req: IncomingMessage,
  url: URL,
): { status: number; message: string; hint: string } | null {
  const key =
    headerValue(req, "apikey") ??
    url.searchParams.get("apikey") ??
    bearerToken(req.headers.authorization);
  if (!key) {
    return {
      status: 401,
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    };
  }
  if (!isProjectApiKey(ctx.keys, key)) {
    return {
      status: 401,
      message: "Invalid API key",
      hint: "Double check your Supabase `anon` or `service_role` API key.",
    };
  }
  return null;
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  catalog: Catalog,
): Promise<void> {
  const raw = req.url ?? "/";
  let url: URL;
  try {
    url = new URL(`http://localhost${raw.startsWith("/") ? raw : `/${raw}`}`);
  } catch {
    return sendJson(res, 400, { message: "Malformed request URL" });
  }
  const method = req.method ?? "GET";
  const { pathname } = url;
  // Before the CORS preflight answer: the mailbox is same-origin only and sends no CORS headers,
  // and snapshots answer only a service-role POST.
  if (await handleMailbox(req, res, ctx, pathname)) return;
  if (pathname === SNAPSHOT_PATH) return handleSnapshot(req, res, ctx);
  if (method === "OPTIONS") return send(res, 204, undefined, CORS_HEADERS);

  const isAuth = pathname === "/auth/v1" || pathname.startsWith("/auth/v1/");
  const isRest = pathname === "/rest/v1" || pathname.startsWith("/rest/v1/");
  if (!isAuth && !isRest) {
    return sendJson(res, 404, { message: "no Route matched with those values" });
  }
  const subpath = pathname.slice(isAuth ? "/auth/v1".length : "/rest/v1".length) || "/";
  const open = isAuth && OPEN_AUTH_ROUTES.has(`${method === "HEAD" ? "GET" : method} ${subpath}`);
  if (!open) {
    const rejected = checkApiKey(ctx, req, url);
    if (rejected) {
      return sendJson(res, rejected.status, { message: rejected.message, hint: rejected.hint });
    }
  }
  if (isAuth) return handleAuth(req, res, ctx, subpath, url.searchParams);
  return handleRest(req, res, ctx, catalog, subpath, url.searchParams);
}

export function createBackendServer(ctx: BackendContext, catalog: Catalog): Server {
  const server = createServer((req, res) => {
    route(req, res, ctx, catalog).catch((error: unknown) => {
      // The path only: a query string may hold an e-mail link's token (GET /verify?token=…).
      const path = (req.url ?? "").split("?")[0];
      ctx.log(
        `[http] ${req.method} ${path} failed: ${error instanceof Error ? error.stack : error}`,
      );
      if (!res.headersSent) sendJson(res, 500, { message: "Internal server error" });
      else res.destroy();
    });
  });
  // Keep-alive helps the benchmarks and SSR; headers must arrive promptly.
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}
