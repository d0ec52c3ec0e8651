/**
 * Admission of form posts (every request that is not a GET or HEAD) into one process, before
 * their body is read or anything rendered: a refused post gets 503 + Retry-After at once.
 * - At most `maxActive` posts are worked on at once and `maxQueued` wait; beyond that, or when
 *   a post would wait while the event loop is overloaded (it lags, or it is busy nearly all the
 *   time: posts are what loads it, queueing more would only add to it), it is refused — unless
 *   its client holds nothing yet, below.
 * - While the loop is overloaded, posts are also let in at no more than `overloadedPerSecond`
 *   (a token bucket): a flood of quick posts never fills the slots — each is answered in a few
 *   ms — yet their rendered answers can keep the loop busy all the time.
 * - Admission is fair between clients (server/admission-lane.ts): one client — an address, as
 *   the rate limits count them (server/post-client.ts) — holds at most `perClient.slots` slots
 *   and `perClient.queued` places in line, the line is served round-robin between clients, and
 *   while the loop is overloaded a client's own bucket (`perClient.perSecond`) is taken from
 *   before the shared one: a client already being refused cannot take the share of others.
 *   A client holding nothing yet may wait for a slot even on an overloaded loop (one place, with
 *   its tokens): the slots may be held by others' slow work, sign-ins waiting for the backend.
 * - Administrators (a valid admin pass: app/infra/admin-pass.ts) have a lane of their own:
 *   reserved slots, their own line and their own bucket, so a flood from ever-new addresses,
 *   which per-client shares cannot tell apart, still leaves them room.
 * Visitors posting at a human pace on a busy worker stay well under every rate. Reads —
 * page-cache hits, static files, /healthz — never pass through here, so a flood of posts
 * (credential stuffing answered with rendered error pages) cannot starve them.
 */
import type { IncomingMessage } from "node:http";
import { performance as nodePerformance } from "node:perf_hooks";
import { AdmissionLane, type LaneLimits, type Release } from "./admission-lane.ts";
import { type PostClient, postClientOf } from "./post-client.ts";

export type { Release } from "./admission-lane.ts";

/** One client's share of the visitors' lane. */
export interface ClientShare {
  slots?: number;
  queued?: number;
  /** Posts let in per second while the loop is overloaded (a burst of as many at once). */
  perSecond?: number;
}

export interface FormGateOptions {
  maxActive?: number;
  maxQueued?: number;
  /** Whether the event loop is overloaded now (see `loopPressure`; injectable for tests). */
  overloaded?: () => boolean;
  /** Posts let in per second while the loop is overloaded (a burst of as many at once). */
  overloadedPerSecond?: number;
  /** One client's share of the visitors' lane. */
  perClient?: ClientShare;
  /** Clients remembered at most (each a few hundred bytes). */
  maxClients?: number;
  /** The administrators' lane (each administrator a client of it). */
  admins?: Partial<LaneLimits>;
  /** Who sent a request's post (default: its socket address, nobody an admin). */
  identify?: (req: IncomingMessage) => PostClient;
  /** The clock in ms (injectable for tests). */
  now?: () => number;
}

/** The administrators' lane: a few people at a human pace, in slots nobody else can take. */
export const ADMIN_LANE: LaneLimits = {
  slots: 4,
  queued: 16,
  perSecond: 10,
  perClientSlots: 2,
  perClientQueued: 8,
  perClientPerSecond: 5,
  maxClients: 256,
};

export class FormGate {
  /** Posts refused so far (for logs and tests). */
  shed = 0;
  readonly maxActive: number;
  readonly maxQueued: number;
  readonly overloadedPerSecond: number;
  /** Everyone without an admin pass, one client per address. */
  readonly visitors: AdmissionLane;
  /** Administrators, one client per user. */
  readonly admins: AdmissionLane;
  private readonly overloaded: () => boolean;
  private readonly identify: (req: IncomingMessage) => PostClient;

  constructor({
    maxActive = 8,
    maxQueued = 32,
    overloaded,
    overloadedPerSecond = 20,
    perClient = {},
    maxClients = 4096,
    admins = {},
    identify = (req) => postClientOf(req),
    now = () => performance.now(),
  }: FormGateOptions = {}) {
    this.maxActive = maxActive;
    this.maxQueued = maxQueued;
    this.overloadedPerSecond = overloadedPerSecond;
    this.overloaded = overloaded ?? (() => false);
    this.identify = identify;
    this.visitors = new AdmissionLane(
      {
        slots: maxActive,
        queued: maxQueued,
        perSecond: overloadedPerSecond,
        perClientSlots: perClient.slots ?? 2,
        perClientQueued: perClient.queued ?? 4,
        perClientPerSecond: perClient.perSecond ?? 2,
        maxClients,
      },
      now,
    );
    this.admins = new AdmissionLane({ ...ADMIN_LANE, ...admins }, now);
  }

  /**
   * A release function once the post may proceed, or null when it is refused. A post without
   * a client is one the gate cannot tell apart from any other: only the lane's own limits apply.
   */
  async admit(client?: PostClient): Promise<Release | null> {
    const lane = client?.admin ? this.admins : this.visitors;
    const entry = lane.enter(client?.key, this.overloaded());
    if (typeof entry === "string") {
      this.shed++;
      return null;
    }
    if (entry.ready) await entry.ready;
    return entry.release;
  }

  /** `admit` for the client who sent `req` (from its headers alone: its body is not read). */
  admitRequest(req: IncomingMessage): Promise<Release | null> {
    return this.admit(this.identify(req));
  }
}

/** Seconds a refused post is asked to wait before trying again. */
export const FORM_GATE_RETRY_AFTER_SECONDS = 5;

/**
 * How loaded the event loop is, measured by a timer due every `intervalMs` over the last
 * `window` ticks (200 ms by default: sustained load, not one pause): its lag (the mean delay of
 * the ticks, or the time overdue right now) and its utilization (the share of that time it spent
 * running code rather than waiting for I/O, Node's event-loop utilization). A loop can be busy
 * 100 % of the time with short tasks and never lag much: both count. Unref'd: it never keeps the
 * process alive.
 */
export function loopPressure(intervalMs = 20, window = 10) {
  const delays: number[] = new Array(window).fill(0);
  const busy: number[] = new Array(window).fill(0);
  let tick = 0;
  let expected = performance.now() + intervalMs;
  let last = nodePerformance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    const current = nodePerformance.eventLoopUtilization();
    delays[tick % window] = Math.max(0, now - expected);
    busy[tick % window] = nodePerformance.eventLoopUtilization(current, last).utilization;
    last = current;
    tick++;
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    /** Lag in ms. A loop blocked right now has not let the timer note it: overdue time counts. */
    lag: () => Math.max(Math.max(0, performance.now() - expected), mean(delays)),
    /** Share of the window's time spent running code, 0 to 1. */
    utilization: () => mean(busy),
    stop: () => clearInterval(timer),
  };
}

/** Overloaded: a mean lag over 40 ms, or busy more than 90 % of the time. */
export const OVERLOAD = { lagMs: 40, utilization: 0.9 } as const;

/**
 * The gate's `overloaded` signal for a process: its loop's pressure past `OVERLOAD` — or never,
 * with rate limits off (`RATE_LIMIT=off`: load tests and the test servers, which measure the
 * app and not the pacing, and where one address posts for everyone). The slots and places in
 * line still bound what is held at once.
 */
export function overloadSignal(
  pressure: Pick<ReturnType<typeof loopPressure>, "lag" | "utilization">,
  rateLimits: boolean,
): () => boolean {
  if (!rateLimits) return () => false;
  return () => pressure.lag() > OVERLOAD.lagMs || pressure.utilization() > OVERLOAD.utilization;
}
