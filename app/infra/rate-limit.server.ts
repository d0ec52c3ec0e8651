import { RateLimiterMemory } from "rate-limiter-flexible";
import { env } from "./env.server";

/**
 * Per-client limits on the actions that send e-mail, check passwords, verify links or write
 * rows. In memory: one process (see the README for several workers and instances).
 */
export const RATE_LIMITS = {
  login: { points: 10, duration: 60 },
  signup: { points: 5, duration: 60 },
  email: { points: 3, duration: 600 },
  contact: { points: 5, duration: 60 },
  newsletter: { points: 5, duration: 60 },
  /** E-mail link verifications (/auth/confirm), as hosted Supabase: 30 per 5 minutes. */
  verify: { points: 30, duration: 300 },
} as const;

export type RateLimitKind = keyof typeof RATE_LIMITS;

const limiters = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([kind, opts]) => [
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
  if (!env().RATE_LIMIT) return null;
  let wait = 0;
  for (const key of keys) {
    try {
      await limiters[kind].consume(key.toLowerCase());
    } catch (rejection) {
      const ms =
        (rejection as { msBeforeNext?: number }).msBeforeNext ?? RATE_LIMITS[kind].duration * 1000;
      wait = Math.max(wait, Math.ceil(ms / 1000));
    }
  }
  return wait > 0 ? wait : null;
}
