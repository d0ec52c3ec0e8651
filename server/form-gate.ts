/**
 * Admission of form posts (every request that is not a GET or HEAD) into one process: at most
 * `maxActive` are worked on at once and `maxQueued` wait in arrival order; beyond that, or when
 * all `maxActive` slots are taken while the event loop is overloaded (it lags, or it is busy
 * nearly all the time: posts are what loads it, queueing more would only add to it), a post is
 * refused at once (503 + Retry-After) before its body is read or anything rendered. While the
 * loop is overloaded, posts are also let in at no more than `overloadedPerSecond` (a token
 * bucket): a flood of quick posts never fills the slots — each is answered in a few ms — yet
 * their rendered answers can keep the loop busy all the time; the rest are refused the same
 * way. Visitors posting at a human pace on a busy worker stay well under that rate. Reads —
 * page-cache hits, static files, /healthz — never pass through here, so a flood of posts
 * (credential stuffing answered with rendered error pages) cannot starve them.
 */
import { performance as nodePerformance } from "node:perf_hooks";

export interface FormGateOptions {
  maxActive?: number;
  maxQueued?: number;
  /** Whether the event loop is overloaded now (see `loopPressure`; injectable for tests). */
  overloaded?: () => boolean;
  /** Posts let in per second while the loop is overloaded (a burst of as many at once). */
  overloadedPerSecond?: number;
  /** The clock in ms (injectable for tests). */
  now?: () => number;
}

export type Release = () => void;

export class FormGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Posts refused so far (for logs and tests). */
  shed = 0;
  readonly maxActive: number;
  readonly maxQueued: number;
  readonly overloadedPerSecond: number;
  private readonly overloaded: () => boolean;
  private readonly now: () => number;
  private tokens: number;
  private refilledAt: number;

  constructor({
    maxActive = 8,
    maxQueued = 32,
    overloaded,
    overloadedPerSecond = 20,
    now = () => performance.now(),
  }: FormGateOptions = {}) {
    this.maxActive = maxActive;
    this.maxQueued = maxQueued;
    this.overloaded = overloaded ?? (() => false);
    this.overloadedPerSecond = overloadedPerSecond;
    this.now = now;
    this.tokens = overloadedPerSecond;
    this.refilledAt = now();
  }

  /** Whether an overloaded loop may take one more post now (and counts it). */
  private takeToken(): boolean {
    const now = this.now();
    const refill = ((now - this.refilledAt) / 1000) * this.overloadedPerSecond;
    this.tokens = Math.min(this.overloadedPerSecond, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** A release function once the post may proceed, or null when it is refused. */
  async admit(): Promise<Release | null> {
    const full = this.active >= this.maxActive;
    const overloaded = this.overloaded();
    if (
      (full && (this.waiting.length >= this.maxQueued || overloaded)) ||
      (overloaded && !this.takeToken())
    ) {
      this.shed++;
      return null;
    }
    // A waiting post takes over the slot of the one that leaves (active stays the same).
    if (full) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // Handed over on the next turn of the event loop, not in this one's microtasks: reads that
      // arrived meanwhile (cache hits, /healthz) are answered before the next post's work, so a
      // queue of posts cannot run back to back for as long as it is.
      if (next) setImmediate(next);
      else this.active--;
    };
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
