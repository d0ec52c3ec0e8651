/**
 * The stand-in's HTTP server: reads each request (64 KB at most), sends the Daraja paths to
 * api.ts (logging every exchange), the phone page and the test API to their modules.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { apiKind, handleApi, isApiPath } from "./api.ts";
import type { ExchangeLog } from "./exchanges.ts";
import { ERRORS } from "./wire.ts";

export interface Incoming {
  method: string;
  /** Without the base path. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const BODY_LIMIT = 64 * 1024;

/** The headers worth logging of an incoming API call. */
const LOGGED = ["content-type", "authorization", "user-agent"];

export interface Routes {
  basePath: string;
  exchanges: ExchangeLog;
  api: Parameters<typeof handleApi>[1];
  /** The phone page and the test API: an answer, or undefined for "not mine". */
  local(request: Incoming): Promise<Outgoing | undefined>;
}

function readBody(req: import("node:http").IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function answer(request: Incoming, routes: Routes): Promise<Outgoing> {
  if (isApiPath(request.path)) {
    const started = performance.now();
    const outgoing = await handleApi(request, routes.api);
    routes.exchanges.add({
      direction: "in",
      kind: apiKind(request.path),
      method: request.method,
      url: request.path,
      requestHeaders: Object.fromEntries(
        LOGGED.flatMap((name) => {
          const value = request.headers[name];
          return typeof value === "string" ? [[name, value]] : [];
        }),
      ),
      requestBody: request.body,
      status: outgoing.status,
      responseBody: outgoing.body,
      ms: Math.round(performance.now() - started),
    });
    return outgoing;
  }
  const local = await routes.local(request);
  if (local) return local;
  const error = ERRORS.notFound();
  return {
    status: error.status,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(error.body()),
  };
}

export function createStandInServer(routes: Routes): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const inBase = routes.basePath === "" || url.pathname.startsWith(`${routes.basePath}/`);
      const body = await readBody(req);
      if (body === undefined) {
        res.writeHead(413, { "Content-Type": "text/plain", Connection: "close" });
        res.end("Request body over 64 KB");
        return;
      }
      const request: Incoming = {
        method: req.method ?? "GET",
        path: inBase ? url.pathname.slice(routes.basePath.length) || "/" : "/\u0000",
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      const outgoing = await answer(request, routes);
      res.writeHead(outgoing.status, { "Cache-Control": "no-store", ...outgoing.headers });
      res.end(request.method === "HEAD" ? undefined : outgoing.body);
    })().catch((error: unknown) => {
      console.error("Daraja stand-in:", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal error of the stand-in");
    });
  });
}
