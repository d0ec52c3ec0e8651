import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  type BodyLimit,
  bodyLimitFor,
  finalCacheControl,
  isAnonymousRead,
  isSharedCacheable,
  pageCacheKey,
} from "../app/infra/http-policy.ts";
import { isCrossOriginRequest } from "./origin-guard.ts";
import type { PageCache } from "./page-cache.ts";
import { BodyTooLargeError, readBody } from "./read-body.ts";
import type { Readiness } from "./readiness.ts";
import {
  sendCachedPage,
  sendHealth,
  sendPlain,
  sendReadiness,
  sendRendered,
  sendStatic,
} from "./send.ts";
import type { StaticFile } from "./static-files.ts";

/** Request bodies are at most 1 MB, except on the image-upload routes (bodyLimitFor). */
export const BODY_LIMIT = bodyLimitFor("/").bytes;
export const CLIENT_IP_HEADER = "x-client-ip";

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  staticFiles?: Map<string, StaticFile>;
  pageCache?: PageCache;
  trustProxy?: boolean;
  /** Where the app announces content changes (the page cache listens). */
  contentEvents?: ContentEvents;
  /** `GET /readyz`: whether the backend (and Redis) answer; ready when not given. */
  readiness?: () => Promise<Readiness>;
  log?: (line: string) => void;
}

/** The app's content-changed port (app/infra/content-events.ts), as the server sees it. */
export interface ContentEvents {
  announce(change: { kind: string }): void;
}

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;
type ContextFactory = (ports: { contentEvents: ContentEvents }) => RouterContextProvider;
interface BuildEntry {
  createRequestContext?: ContextFactory;
  createRequestHandler?: typeof createRequestHandler;
}

/**
 * The handler and the context factory of the build's own framework copy (app/entry.server.tsx),
 * so the app's context keys and the handler's `instanceof RouterContextProvider` check agree.
 */
function appHandler(build: ServerBuild, mode: AppOptions["mode"]) {
  const entry = build.entry.module as BuildEntry;
  const create = entry.createRequestHandler ?? createRequestHandler;
  const context: ContextFactory = entry.createRequestContext ?? (() => new RouterContextProvider());
  return { handle: create(build, mode) as Handler, context };
}

const noEvents: ContentEvents = { announce() {} };

/**
 * The whole HTTP pipeline: health check, cross-origin guard, static files, anonymous page cache,
 * then React Router.
 */
export function createAppListener(options: AppOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  let cached: { handle: Handler; context: ContextFactory } | undefined;
  const getHandler = async () => {
    if (typeof options.build === "function") {
      return appHandler(await options.build(), options.mode);
    }
    cached ??= appHandler(options.build, options.mode);
    return cached;
  };
  const ports = { contentEvents: options.contentEvents ?? noEvents };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    res.on("finish", () =>
      log(`${req.method} ${path} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`),
    );
    const https =
      forwarded(req, "x-forwarded-proto", options.trustProxy) === "https" ||
      "encrypted" in req.socket;
    try {
      if (path === "/healthz") return sendHealth(res, https);
      if (path === "/readyz") {
        const readiness = (await options.readiness?.()) ?? { ready: true, checks: {} };
        return sendReadiness(res, readiness, https);
      }
      const host = forwarded(req, "x-forwarded-host", options.trustProxy) ?? req.headers.host ?? "";
      if (isCrossOriginRequest(req, host)) {
        return sendPlain(
          res,
          403,
          "Forbidden",
          "Cross-origin form submissions are not accepted.",
          https,
        );
      }
      const reading = req.method === "GET" || req.method === "HEAD";
      if (!reading && !isFormBody(req.headers["content-type"])) {
        // Every action reads an HTML form: anything else is refused before its body is read.
        req.resume();
        return sendPlain(res, 400, "Bad request", "Please submit the form from the page.", https);
      }
      const file = reading ? options.staticFiles?.get(path) : undefined;
      if (file) return sendStatic(req, res, file, https);

      const url = req.url ?? "/";
      const anonymous = isAnonymousRead(
        req.method,
        req.headers.cookie,
        url,
        req.headers["accept-language"],
      );
      // An anonymous read of a cacheable page renders its canonical URL (app/infra/page-query.ts),
      // so the answer depends on nothing its cache key leaves out, whoever keeps it.
      const key = anonymous ? pageCacheKey(url) : undefined;
      const cached = key ? options.pageCache?.get(url) : undefined;
      if (cached) return sendCachedPage(req, res, cached, https, "HIT");

      const request = await toFetchRequest(req, {
        host,
        https,
        trustProxy: options.trustProxy,
        limit: bodyLimitFor(path),
        target: key?.key ?? url,
      });
      const app = await getHandler();
      const response = await app.handle(request, app.context(ports));
      // A body the app refused without reading would otherwise hold its bytes until a full GC.
      if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
      const headers = new Headers(response.headers);
      const body = Buffer.from(await response.arrayBuffer());
      if (
        key &&
        req.method === "GET" &&
        options.pageCache &&
        isSharedCacheable(response.status, headers)
      ) {
        const page = options.pageCache.store(url, response.status, headers, body);
        return sendCachedPage(req, res, page, https, "MISS");
      }
      headers.set("Cache-Control", finalCacheControl(anonymous, response.status, headers));
      sendRendered(req, res, response.status, headers, body, https);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        req.resume();
        return sendPlain(res, 413, "Request too large", bodyLimitFor(path).message, https);
      }
      console.error(error);
      if (!res.headersSent)
        sendPlain(res, 500, "Something went wrong", "Please try again in a moment.", https);
      else res.end();
    }
  };
}

/** Content types an HTML form sends (a body-less POST counts as an empty form). */
function isFormBody(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType);
}

function forwarded(req: IncomingMessage, name: string, trust?: boolean): string | undefined {
  if (!trust) return undefined;
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim() || undefined;
}

async function toFetchRequest(
  req: IncomingMessage,
  {
    host,
    https,
    trustProxy,
    limit,
    target,
  }: { host: string; https: boolean; trustProxy?: boolean; limit: BodyLimit; target: string },
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === CLIENT_IP_HEADER || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(
    CLIENT_IP_HEADER,
    forwarded(req, "x-forwarded-for", trustProxy) ?? req.socket.remoteAddress ?? "unknown",
  );
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req, limit.bytes);
  const url = `${https ? "https" : "http"}://${host || "localhost"}${target}`;
  return new Request(url, { method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
}
