/**
 * Admission of form posts (every request that is not a GET or HEAD) into one process: at most
 * `maxActive` are worked on at once and `maxQueued` wait in arrival order; beyond that, or when
 * all `maxActive` slots are taken while the event loop lags behind by more than `maxLagMs`
 * (posts are what makes it lag: queueing more would only add to it), a post is refused at once
 * (503 + Retry-After) before its body is read or anything rendered. While a slot is free a post
 * is never refused, however busy the loop is with other work. Reads — page-cache hits, static
 * files, /healthz — never pass through here, so a flood of expensive posts (credential
 * stuffing answered with rendered error pages) cannot starve them.
 */
export interface FormGateOptions {
  maxActive?: number;
  maxQueued?: number;
  maxLagMs?: number;
  /** The event loop's current lag in ms (injectable for tests). */
  lag?: () => number;
}

export type Release = () => void;

export class FormGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Posts refused so far (for logs and tests). */
  shed = 0;
  readonly maxActive: number;
  readonly maxQueued: number;
  readonly maxLagMs: number;
  private readonly lag: () => number;

  constructor({ maxActive = 8, maxQueued = 32, maxLagMs = 40, lag }: FormGateOptions = {}) {
    this.maxActive = maxActive;
    this.maxQueued = maxQueued;
    this.maxLagMs = maxLagMs;
    this.lag = lag ?? (() => 0);
  }

  /** A release function once the post may proceed, or null when it is refused. */
  async admit(): Promise<Release | null> {
    const full = this.active >= this.maxActive;
    if (full && (this.waiting.length >= this.maxQueued || this.lag() > this.maxLagMs)) {
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
      if (next) next();
      else this.active--;
    };
  }
}

/** Seconds a refused post is asked to wait before trying again. */
export const FORM_GATE_RETRY_AFTER_SECONDS = 5;

/**
 * The event loop's lag: a timer due every `intervalMs` notes how late it fired; the lag is the
 * mean delay of the last `window` ticks (200 ms by default: sustained lag, not one pause).
 * Unref'd: it never keeps the process alive.
 */
export function eventLoopLag(intervalMs = 20, window = 10): { lag: () => number; stop(): void } {
  const recent: number[] = new Array(window).fill(0);
  let tick = 0;
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    recent[tick++ % window] = Math.max(0, now - expected);
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  return {
    lag: () => {
      // A loop blocked right now has not let the timer note it yet: count the overdue time too.
      const overdue = Math.max(0, performance.now() - expected);
      return Math.max(overdue, recent.reduce((sum, ms) => sum + ms, 0) / window);
    },
    stop: () => clearInterval(timer),
  };
}
