/**
 * Equal-time answers against account enumeration. An endpoint whose answer must not reveal
 * whether an address is registered (sign-up, recover, resend) does real work for one kind of
 * address (a mail is issued) and little for the other. The cheap branch now waits until it has
 * lasted as long as a recent run of the real branch (a random one of the last 32, so the two
 * duration distributions match, not just their means). Waiting costs no CPU under a flood.
 */
import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";

const SAMPLES = 32;
/** Until the real branch has run once: about what it costs on a laptop. */
const INITIAL_MS = 8;

export interface EqualTime {
  /** The real branch that began at `started` (performance.now()) is done: remember its cost. */
  record(started: number): void;
  /** The cheap branch that began at `started` is done: wait until it looks like the real one. */
  pad(started: number): Promise<void>;
}

function createEqualTime(): EqualTime {
  const recent: number[] = [];
  let next = 0;
  /** A random recent duration, at most twice the median (a cold first run is no model). */
  const target = () => {
    if (recent.length === 0) return INITIAL_MS;
    const sorted = [...recent].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? INITIAL_MS;
    return Math.min(recent[randomInt(recent.length)] ?? median, 2 * median);
  };
  // Timers fire late on a busy host; the padding learns by how much and wakes that early.
  let lateness = 0;
  return {
    record(started) {
      recent[next] = performance.now() - started;
      next = (next + 1) % SAMPLES;
    },
    async pad(started) {
      const remaining = target() - (performance.now() - started);
      if (remaining <= 0) return;
      const wait = Math.max(0, remaining - lateness);
      const before = performance.now();
      await sleep(wait);
      lateness = 0.8 * lateness + 0.2 * (performance.now() - before - wait);
    },
  };
}

/** One EqualTime per endpoint name, created on first use. */
export function createEqualTimes(): (endpoint: string) => EqualTime {
  const byEndpoint = new Map<string, EqualTime>();
  return (endpoint) => {
    let equalTime = byEndpoint.get(endpoint);
    if (!equalTime) {
      equalTime = createEqualTime();
      byEndpoint.set(endpoint, equalTime);
    }
    return equalTime;
  };
}

/**
 * Runs `work` in a transaction. It answers `[true, value]` when it did the real work (sent a
 * mail), `[false, value]` when it did not; the latter is padded to the former's duration.
 */
export async function equalTimeTransaction<T>(
  ctx: BackendContext,
  endpoint: string,
  work: (tx: Tx) => Promise<[real: boolean, value: T]>,
): Promise<T> {
  const started = performance.now();
  const [real, value] = await ctx.db.transaction(work);
  const timing = ctx.equalTime(endpoint);
  if (real) timing.record(started);
  else await timing.pad(started);
  return value;
}
