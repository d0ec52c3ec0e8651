import type { IncomingMessage, ServerResponse } from "node:http";
import type { HookSettings } from "../app/infra/hook-env.ts";
import type { HookOutcome, HookReceiver } from "../app/infra/hook-port.ts";
import type { BodyReservation } from "./body-budget.ts";
import { authenticatedHook, HookRateLimit, isAllowedSource } from "./hook-access.ts";
import { dropUnreadBody, lingerThenClose } from "./linger.ts";
import { BodyBudgetFullError, BodyTooLargeError, readBody, reserveDeclared } from "./read-body.ts";
import { forwarded } from "./request-body.ts";
import { sendJson } from "./send.ts";

/** Bytes of a delivery's body: provider callbacks are a few KB. */
export const HOOK_BODY_LIMIT_BYTES = 16 * 1024;
/** Time a delivery's body may take to arrive once its headers are in. */
export const HOOK_BODY_TIMEOUT_MS = 10_000;
/** Deliveries per second (and burst) per address and worker, with RATE_LIMIT on. */
export const HOOK_DELIVERIES_PER_SECOND = 20;
/** Seconds a provider is asked to wait before trying again (429, 503). */
const RETRY_AFTER_SECONDS = 30;

export type { HookOutcome, HookReceiver };

export interface HookLaneOptions {
  /** The configured hooks (HOOK_<NAME>_SECRET…), read at each delivery. */
  hooks: () => Readonly<Record<string, HookSettings>>;
  /** Where deliveries go; none: every hook is unknown. */
  receive?: HookReceiver;
  /** Behind a proxy: the sender is the first X-Forwarded-For address (as everywhere else). */
  trustProxy?: boolean;
  /** Per-address deliveries per second; 0: no limit (RATE_LIMIT=off). */
  perSecond?: number;
  bodyTimeoutMs?: number;
}

/** Whether a path belongs to the lane: everything under /hooks/. */
export const isHookPath = (path: string): boolean =>
  path === "/hooks" || path.startsWith("/hooks/");

class SlowBodyError extends Error {}

/**
 * Machine-to-machine JSON posts under /hooks/ (docs/decisions/014-webhook-lane.md), answered
 * before the cross-origin guard and the form gate — a provider is neither a browser nor a form.
 * In order, each step refusing before the body is read: POST only (405), a per-address rate
 * (429), the hook and its secret (404), the hook's allow-list of addresses (the same 404: a
 * caller learns nothing of which was wrong), `Content-Type: application/json` (415), a declared
 * length within 16 KB (413). Then the body, within 16 KB and HOOK_BODY_TIMEOUT_MS (413, 408),
 * must be UTF-8 JSON (400); the app stores it durably before the 200 (503 when it could not).
 */
export function createHookLane(options: HookLaneOptions) {
  const perSecond = options.perSecond ?? HOOK_DELIVERIES_PER_SECOND;
  const limit = perSecond > 0 ? new HookRateLimit(perSecond) : undefined;
  const timeoutMs = options.bodyTimeoutMs ?? HOOK_BODY_TIMEOUT_MS;

  return async function handleHook(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    https: boolean,
    reservation: BodyReservation,
  ): Promise<void> {
    const refuse = (status: number, error: string, extra?: Record<string, string>) => {
      dropUnreadBody(req);
      sendJson(res, status, { error }, https, extra);
    };
    if (req.method !== "POST") return refuse(405, "method not allowed", { Allow: "POST" });
    const sourceIp =
      forwarded(req, "x-forwarded-for", options.trustProxy) ??
      req.socket.remoteAddress ??
      "unknown";
    if (limit && !limit.take(sourceIp)) {
      return refuse(429, "too many deliveries", retryLater);
    }
    const hook = authenticatedHook(path, options.hooks());
    if (!hook || !isAllowedSource(sourceIp, hook.settings.allowedIps)) {
      return refuse(404, "not found");
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
      return refuse(415, "the body must be application/json");
    }
    let raw: Buffer;
    try {
      reserveDeclared(req, HOOK_BODY_LIMIT_BYTES, reservation);
      raw = await withinTime(readBody(req, HOOK_BODY_LIMIT_BYTES, reservation), timeoutMs);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(413, "the body is over 16 KB");
      if (error instanceof BodyBudgetFullError) {
        return refuse(503, "busy", retryLater);
      }
      if (error instanceof SlowBodyError) {
        // The rest is not waited for: the connection closes once the answer could be read.
        lingerThenClose(req);
        return sendJson(res, 408, { error: "the body took too long" }, https);
      }
      throw error;
    }
    const parsed = parseJson(raw);
    if (!parsed) return sendJson(res, 400, { error: "the body is not JSON" }, https);
    const outcome = options.receive
      ? await options.receive({ hook: hook.name, sourceIp, ...parsed }).catch((error: unknown) => {
          console.error(`hook ${hook.name}:`, error);
          return "unavailable" as const;
        })
      : "unknown-hook";
    answer(res, outcome, https);
  };
}

const retryLater = { "Retry-After": String(RETRY_AFTER_SECONDS) };

/** The answer to each outcome: a stored or repeated delivery is acknowledged alike. */
const ANSWERS: Record<HookOutcome, [number, object, Record<string, string>?]> = {
  stored: [200, { received: true }],
  duplicate: [200, { received: true }],
  "unknown-hook": [404, { error: "not found" }],
  "no-delivery-id": [400, { error: "the payload has no delivery id" }],
  unavailable: [503, { error: "not stored, try again" }, retryLater],
};

function answer(res: ServerResponse, outcome: HookOutcome, https: boolean): void {
  const [status, body, extra] = ANSWERS[outcome];
  sendJson(res, status, body, https, extra);
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The body as text and parsed, or undefined when it is not UTF-8 JSON. */
function parseJson(raw: Buffer): { body: string; payload: unknown } | undefined {
  try {
    const body = utf8.decode(raw);
    return { body, payload: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

/** `reading`, or SlowBodyError once `ms` have passed (the read itself is then abandoned). */
function withinTime<T>(reading: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlowBodyError()), ms);
  });
  // An abandoned read fails later, when its socket closes: nobody waits for it any more.
  reading.catch(() => {});
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}
