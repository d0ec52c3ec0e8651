import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { bodyLimitFor, isResumableRoute, queryOf } from "../app/infra/body-limits.ts";
import {
  applyFinalCacheControl,
  isAnonymousRead,
  isSharedCacheable,
} from "../app/infra/cache-policy.ts";
import { pageCacheKey } from "../app/infra/page-cache-key.ts";
import { BodyBudget, BodyReservation, DEFAULT_BODY_BUDGET_BYTES } from "./body-budget.ts";
import { FORM_GATE_RETRY_AFTER_SECONDS, type FormGate } from "./form-gate.ts";
import { withoutSecret } from "./hook-access.ts";
import { type createHookLane, type HookReceiver, isHookPath } from "./hook-lane.ts";
import { dropUnreadBody, lingerThenClose } from "./linger.ts";
import { movedLocation } from "./moved-query.ts";
import { isCrossOriginRequest } from "./origin-guard.ts";
import type { PageCache } from "./page-cache.ts";
import { BodyBudgetFullError, BodyTooLargeError } from "./read-body.ts";
import type { Readiness } from "./readiness.ts";
import { type AppRequest, forwarded, toAppRequest } from "./request-body.ts";
import {
  sendCachedPage,
  sendHealth,
  sendPlain,
  sendReadiness,
  sendRendered,
  sendStatic,
  sentContentType,
} from "./send.ts";
import type { StaticFile } from "./static-files.ts";

/** An answer as analytics sees it (app/domain/analytics/collector.server.ts `ServedPage`). */
export interface ServedPage {
  method: string;
  target: string;
  status: number;
  contentType: string;
  ip: string;
  host: string;
  headers: IncomingMessage["headers"];
}

function servedPage(req: IncomingMessage, res: ServerResponse, trustProxy?: boolean): ServedPage {
  return {
    method: req.method ?? "GET",
    target: withoutSecret(req.url ?? "/"),
    status: res.statusCode,
    contentType: sentContentType.get(res) ?? String(res.getHeader("content-type") ?? ""),
    ip: forwarded(req, "x-forwarded-for", trustProxy) ?? req.socket.remoteAddress ?? "unknown",
    host: forwarded(req, "x-forwarded-host", trustProxy) ?? req.headers.host ?? "",
    headers: req.headers,
  };
}

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
  /**
   * Machine-to-machine JSON posts under /hooks/ (server/hook-lane.ts), answered before the
   * cross-origin guard and the form gate; none: /hooks/ is an ordinary path.
   */
  hookLane?: ReturnType<typeof createHookLane>;
  /** Admission of form posts (fair per client, event-loop load); none: every post enters. */
  formGate?: FormGate;
  /** Bytes of request bodies held at once (default DEFAULT_BODY_BUDGET_BYTES). */
  bodyBudget?: BodyBudget;
  /** Told of every answer once it is sent (analytics: analyticsHooks); none: nobody is. */
  answered?: (page: ServedPage) => void;
  log?: (line: string) => void;
  /** Where each request's line goes (`log` when unset; the server batches it: server/access-log.ts). */
  accessLog?: (line: string) => void;
}

/** The app's content-changed port (app/infra/content-events.ts), as the server sees it. */
export interface ContentEvents {
  announce(change: { kind: string; entity?: string }): void;
}

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;
type ContextFactory = (ports: { contentEvents: ContentEvents }) => RouterContextProvider;
interface BuildEntry {
  countPageView?: (page: ServedPage) => void;
  flushAnalytics?: () => Promise<void>;
  createRequestContext?: ContextFactory;
  createRequestHandler?: typeof createRequestHandler;
  contentChanged?: (change: { kind: string; entity?: string }) => void;
  renderedBody?: (response: Response) => Buffer | undefined;
  receiveHookDelivery?: HookReceiver;
}

/** The build's receiver of webhook deliveries (app/domain/hooks/receive.server.ts), if any. */
export function hookReceiverOf(build: ServerBuild): HookReceiver | undefined {
  return (build.entry.module as BuildEntry).receiveHookDelivery;
}

/**
 * The build's hook for a content change heard from another worker or instance (its content
 * snapshot is read again: app/entry.server.tsx); nothing for a build without one.
 */
export function contentChangedHook(build: ServerBuild): (change: { kind: string }) => void {
  const hook = (build.entry.module as BuildEntry).contentChanged;
  return hook ? (change) => hook(change) : () => {};
}

/**
 * The build's analytics (app/domain/analytics/collector.server.ts): `view` is told of every
 * answer sent, `flush` writes what this process holds; nothing for a build without them.
 */
export function analyticsHooks(build: ServerBuild): {
  view?: (page: ServedPage) => void;
  flush: () => Promise<void>;
} {
  const entry = build.entry.module as BuildEntry;
  return { view: entry.countPageView, flush: entry.flushAnalytics ?? (async () => {}) };
}

/**
 * The handler and the context factory of the build's own framework copy (app/entry.server.tsx),
 * so the app's context keys and the handler's `instanceof RouterContextProvider` check agree.
 */
function appHandler(build: ServerBuild, mode: AppOptions["mode"]) {
  const entry = build.entry.module as BuildEntry;
  const create = entry.createRequestHandler ?? createRequestHandler;
  const context: ContextFactory = entry.createRequestContext ?? (() => new RouterContextProvider());
  const renderedBody = entry.renderedBody ?? (() => undefined);
  return { handle: create(build, mode) as Handler, context, renderedBody };
}

const noEvents: ContentEvents = { announce() {} };

/**
 * The whole HTTP pipeline: health check, the webhook lane, cross-origin guard, static files,
 * anonymous page cache, form gate, then React Router.
 */
export function createAppListener(options: AppOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const accessLog = options.accessLog ?? log;
  let cached: ReturnType<typeof appHandler> | undefined;
  const getHandler = async () => {
    if (typeof options.build === "function") {
      return appHandler(await options.build(), options.mode);
    }
    cached ??= appHandler(options.build, options.mode);
    return cached;
  };
  const ports = { contentEvents: options.contentEvents ?? noEvents };

  const budget = options.bodyBudget ?? new BodyBudget(DEFAULT_BODY_BUDGET_BYTES);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    // A hook's secret is in its path: it never reaches a log.
    const logged = withoutSecret(path);
    res.on("finish", () => {
      accessLog(
        `${req.method} ${logged} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      );
      if (options.answered) options.answered(servedPage(req, res, options.trustProxy));
    });
    const https =
      forwarded(req, "x-forwarded-proto", options.trustProxy) === "https" ||
      "encrypted" in req.socket;
    const reservation = new BodyReservation(budget);
    let leave: (() => void) | null = null;
    try {
      if (path === "/healthz") return sendHealth(res, https);
      if (path === "/readyz") {
        const readiness = (await options.readiness?.()) ?? { ready: true, checks: {} };
        return sendReadiness(res, readiness, https);
      }
      const refused = refusedTarget(req.url ?? "");
      if (refused) return sendRefusal(req, res, refused, https);
      // Providers' callbacks: neither browsers nor forms, so before the guard and the gate.
      if (options.hookLane && isHookPath(path)) {
        return await options.hookLane(req, res, path, https, reservation);
      }
      const host = forwarded(req, "x-forwarded-host", options.trustProxy) ?? req.headers.host ?? "";
      if (isCrossOriginRequest(req, host)) {
        return sendRefusal(req, res, CROSS_ORIGIN, https);
      }
      const reading = req.method === "GET" || req.method === "HEAD";
      if (!reading && !isFormBody(req.headers["content-type"]) && !isResumableRoute(path)) {
        // Every action reads an HTML form (but a resumable upload's requests: tus, proxied to
        // Storage): anything else is refused before its body is read.
        return sendRefusal(req, res, NOT_A_FORM, https);
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
      // An anonymous read of a cacheable page renders its canonical URL (app/lib/page-query.ts),
      // so the answer depends on nothing its cache key leaves out, whoever keeps it.
      const key = anonymous ? pageCacheKey(url) : undefined;
      const cached = key ? options.pageCache?.get(url) : undefined;
      if (cached) return sendCachedPage(req, res, cached, https, "HIT");

      if (!reading && options.formGate) {
        leave = await options.formGate.admitRequest(req);
        if (!leave) return sendRefusal(req, res, BUSY, https);
        // Gone while it waited for its turn: nothing to read, nobody to answer.
        if (req.destroyed) return;
      }
      const incoming = await toAppRequest(req, path, {
        host,
        https,
        trustProxy: options.trustProxy,
        reservation,
        target: key?.key ?? url,
      });
      const app = await getHandler();
      const epoch = options.pageCache?.epoch;
      const response = await app.handle(incoming.request, app.context(ports));
      const stopped = incoming.streamed?.failure();
      if (stopped) throw stopped;
      await sendAppResponse(req, res, incoming, response, {
        body: app.renderedBody(response),
        url,
        anonymous,
        https,
        pageCache: key ? options.pageCache : undefined,
        epoch,
      });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendRefusal(
          req,
          res,
          { ...TOO_LARGE, message: bodyLimitFor(path, queryOf(req.url ?? "")).message },
          https,
        );
      }
      if (error instanceof BodyBudgetFullError) return sendRefusal(req, res, BUSY, https);
      // The client went away in the middle of sending its body: nobody is left to answer.
      if (req.destroyed && !req.complete) return;
      console.error(error);
      if (!res.headersSent)
        sendPlain(res, 500, "Something went wrong", "Please try again in a moment.", https);
      else res.end();
    } finally {
      reservation.release();
      leave?.();
    }
  };
}

async function sendAppResponse(
  req: IncomingMessage,
  res: ServerResponse,
  incoming: AppRequest,
  response: Response,
  page: {
    /** The document, when the app handed it over beside the response. */
    body: Buffer | undefined;
    url: string;
    anonymous: boolean;
    https: boolean;
    pageCache?: PageCache;
    /** The page cache's epoch when the render began (see PageCache.store). */
    epoch?: number;
  },
): Promise<void> {
  const { request } = incoming;
  // A body the app refused without reading (a guard's redirect) is not kept either: its
  // connection closes once the answer had time to be read instead of waiting for the rest.
  if (incoming.bodyLeftUnread || (request.body && !request.bodyUsed)) {
    if (!req.complete) lingerThenClose(req);
    await request.body?.cancel().catch(() => {});
  }
  const headers = new Headers(response.headers);
  const body = page.body ?? Buffer.from(await response.arrayBuffer());
  if (
    page.anonymous &&
    req.method === "GET" &&
    page.pageCache &&
    isSharedCacheable(response.status, headers)
  ) {
    const stored = page.pageCache.store(page.url, response.status, headers, body, page.epoch);
    return sendCachedPage(req, res, stored, page.https, "MISS");
  }
  applyFinalCacheControl(page.anonymous, response.status, headers);
  const location = headers.get("Location");
  if (location) headers.set("Location", movedLocation(response.status, location, page.url));
  sendRendered(req, res, response.status, headers, body, page.https);
}

/** An answer given before the app runs, with the request's body left unread. */
interface Refusal {
  status: number;
  title: string;
  message: string;
  retryAfter?: number;
}

const CROSS_ORIGIN: Refusal = {
  status: 403,
  title: "Forbidden",
  message: "Cross-origin form submissions are not accepted.",
};
const NOT_A_FORM: Refusal = {
  status: 400,
  title: "Bad request",
  message: "Please submit the form from the page.",
};
const TOO_LARGE: Refusal = { status: 413, title: "Request too large", message: "" };
const BUSY: Refusal = {
  status: 503,
  title: "Too busy",
  message: `Too many forms are arriving at once. Nothing was saved: please send it again in ${FORM_GATE_RETRY_AFTER_SECONDS} seconds.`,
  retryAfter: FORM_GATE_RETRY_AFTER_SECONDS,
};

/**
 * Request targets the app never sees: `//…` (which a URL parser reads as another host) is a
 * page that does not exist; `*` and absolute URLs (proxy forms) are not requests for a page.
 */
function refusedTarget(target: string): Refusal | undefined {
  if (!target.startsWith("/")) {
    return { status: 400, title: "Bad request", message: "That is not a page of this site." };
  }
  if (target.startsWith("//")) {
    return { status: 404, title: "Page not found", message: "There is no page at this address." };
  }
  return undefined;
}

/**
 * Sends a refusal without reading the request's body: a body still arriving is not waited
 * for (the connection closes once the answer had time to be read: server/linger.ts), and no
 * answer holds a byte of it.
 */
function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  https: boolean,
): void {
  dropUnreadBody(req);
  const extra = refusal.retryAfter ? { "Retry-After": String(refusal.retryAfter) } : undefined;
  sendPlain(res, refusal.status, refusal.title, refusal.message, https, extra);
}

/** Content types an HTML form sends (a body-less POST counts as an empty form). */
function isFormBody(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType);
}
