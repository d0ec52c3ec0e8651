import { RateLimiterMemory } from "rate-limiter-flexible";
import { data } from "react-router";

/**
 * Per-client limits on the actions that send e-mail or write rows. In memory: one process. With
 * several instances use a shared store rate-limiter-flexible supports (see README).
 */
const limits = {
  login: { points: 10, duration: 60 },
  signup: { points: 5, duration: 60 },
  email: { points: 3, duration: 600 },
  contact: { points: 5, duration: 60 },
  newsletter: { points: 5, duration: 60 },
} as const;

export type RateLimitKind = keyof typeof limits;

const limiters = Object.fromEntries(
  Object.entries(limits).map(([kind, opts]) => [
    kind,
    new RateLimiterMemory({ ...opts, keyPrefix: kind }),
  ]),
) as Record<RateLimitKind, RateLimiterMemory>;

/** The client address the server put on the request (X-Forwarded-For only with TRUST_PROXY). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/** Consumes one point for each key; returns the wait in seconds when any is exhausted. */
export async function consumeRateLimit(
  kind: RateLimitKind,
  keys: string[],
): Promise<number | null> {
  if (process.env.RATE_LIMIT === "off") return null;
  let wait = 0;
  for (const key of keys) {
    try {
      await limiters[kind].consume(key.toLowerCase());
    } catch (rejection) {
      const ms =
        (rejection as { msBeforeNext?: number }).msBeforeNext ?? limits[kind].duration * 1000;
      wait = Math.max(wait, Math.ceil(ms / 1000));
    }
  }
  return wait > 0 ? wait : null;
}

export function rateLimitMessage(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}

/** A 429 answer carrying `payload` (the form's error state) and `Retry-After`. */
export function tooManyRequests<T>(payload: T, seconds: number) {
  return data(payload, { status: 429, headers: { "Retry-After": String(seconds) } });
}
