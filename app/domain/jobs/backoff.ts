/** How long a failed job waits before its next attempt. */
export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number;
  /** The longest wait, however many failures. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 3_600_000 };

/**
 * The wait after `attempts` failed attempts: the step doubles from `baseMs` up to `maxMs`, and
 * half of it is random ("equal jitter"). Jobs that failed together (a provider was down) then
 * come back spread over half a step instead of all at once, and none comes back sooner than
 * half the step.
 */
export function retryDelayMs(
  attempts: number,
  backoff: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(0, attempts - 1), 40);
  const step = Math.min(backoff.baseMs * 2 ** exponent, backoff.maxMs);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (step / 2) * r);
}
