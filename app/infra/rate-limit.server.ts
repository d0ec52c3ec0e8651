import cluster from "node:cluster";
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";
import { env } from "./env.server";
import { redisClient, redisConnected } from "./redis.server";

/**
 * Per-client limits on the actions that send e-mail, check passwords, verify links or write
 * rows, and per-recipient caps on the mails a visitor can have sent to any address. Where the
 * counters live:
 * - one process: in its memory;
 * - a worker of `node:cluster` (WEB_CONCURRENCY ≥ 2): in the primary, shared by every worker
 *   (rate-limiter-flexible's cluster limiter; the server starts its master);
 * - REDIS_URL set: in Redis, shared by every instance; while Redis does not answer, the
 *   limiter above (this machine's counters) takes over as the insurance limiter.
 */
export const RATE_LIMITS = {
  login: { points: 10, duration: 60 },
  signup: { points: 5, duration: 60 },
  /**
   * Mail actions (resend a confirmation, reset a password): per browser (its signed cookie,
   * app/infra/cookies.server.ts) 5 per 10 minutes, and per client address a ceiling for floods
   * far above what one office, cyber café or carrier NAT asks for: 30 per 10 minutes.
   */
  emailBrowser: { points: 5, duration: 600 },
  email: { points: 30, duration: 600 },
  contact: { points: 5, duration: 60 },
  newsletter: { points: 5, duration: 60 },
  /** E-mail link verifications (/auth/confirm), as hosted Supabase: 30 per 5 minutes. */
  verify: { points: 30, duration: 300 },
  /** Per recipient address (mail bombing, app/infra/mail-caps.server.ts): sign-ups, 5 an hour, */
  signupMail: { points: 5, duration: 3600 },
  /** confirmation re-sends and password resets together, 5 an hour, */
  accountMail: { points: 5, duration: 3600 },
  /** the "someone tried to sign up with your address" notice, 1 an hour, */
  existingAccountMail: { points: 1, duration: 3600 },
  /** the "you are subscribed already" newsletter notice, 1 an hour, */
  newsletterNotice: { points: 1, duration: 3600 },
  /** and the copy of a contact message to its sender, 1 an hour. */
  contactCopy: { points: 1, duration: 3600 },
  /**
   * The auth server's 60 s between two mails of one kind to one address, kept by the site for
   * every address asked about, account or not (app/infra/mail-caps.server.ts): confirmations
   * (sign-ups and re-sends)
   */
  confirmationInterval: { points: 1, duration: 60 },
  /** and password resets. */
  resetInterval: { points: 1, duration: 60 },
} as const;

export type RateLimitKind = keyof typeof RATE_LIMITS;

/** This machine's limiter of one kind: shared by the cluster's workers, else in memory. */
function machineLimiter(kind: RateLimitKind, keyPrefix: string): RateLimiterAbstract {
  const opts = { ...RATE_LIMITS[kind], keyPrefix };
  return cluster.isWorker
    ? new RateLimiterCluster({ ...opts, timeoutMs: 2000 })
    : new RateLimiterMemory(opts);
}

function createLimiter(kind: RateLimitKind, redisUrl: string | undefined): RateLimiterAbstract {
  if (!redisUrl) return machineLimiter(kind, kind);
  return new RateLimiterRedis({
    ...RATE_LIMITS[kind],
    storeClient: redisClient(redisUrl),
    keyPrefix: `rl:${kind}`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: machineLimiter(kind, `${kind}:insurance`),
  });
}

/** Limiters by kind, made on first use for the configured store (tests switch it). */
let limiters: { redisUrl: string | undefined; byKind: Map<RateLimitKind, RateLimiterAbstract> } = {
  redisUrl: undefined,
  byKind: new Map(),
};

function limiter(kind: RateLimitKind): RateLimiterAbstract {
  const redisUrl = env().REDIS_URL;
  if (limiters.redisUrl !== redisUrl) limiters = { redisUrl, byKind: new Map() };
  let made = limiters.byKind.get(kind);
  if (!made) {
    made = createLimiter(kind, redisUrl);
    limiters.byKind.set(kind, made);
  }
  return made;
}

/** Forgets every count of this process (tests: each file starts with none). */
export function forgetRateLimits(): void {
  limiters = { redisUrl: undefined, byKind: new Map() };
}

/** The client address the server put on the request (X-Forwarded-For only with TRUST_PROXY). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * Limits that mirror a rule of the auth server rather than protect the site: counted even with
 * RATE_LIMIT=off, since the auth server keeps its rule then too.
 */
const ALWAYS_ON: ReadonlySet<RateLimitKind> = new Set(["confirmationInterval", "resetInterval"]);

const counted = (kind: RateLimitKind) => env().RATE_LIMIT || ALWAYS_ON.has(kind);

/** Gives one point back to each key: the attempt it was taken for turned out not to count. */
export async function refundRateLimit(kind: RateLimitKind, keys: string[]): Promise<void> {
  const { REDIS_URL: redisUrl } = env();
  if (!counted(kind)) return;
  if (redisUrl) await redisConnected(redisUrl);
  for (const key of keys) {
    try {
      await limiter(kind).reward(key.toLowerCase(), 1);
    } catch (error) {
      console.error(`rate limit refund (${kind}):`, error instanceof Error ? error.message : error);
    }
  }
}

/** Consumes one point for each key; returns the wait in seconds when any is exhausted. */
export async function consumeRateLimit(
  kind: RateLimitKind,
  keys: string[],
): Promise<number | null> {
  const { REDIS_URL: redisUrl } = env();
  if (!counted(kind)) return null;
  if (redisUrl) await redisConnected(redisUrl);
  let wait = 0;
  for (const key of keys) {
    try {
      await limiter(kind).consume(key.toLowerCase());
    } catch (rejection) {
      // A store error (the cluster primary not answering) counts as a refusal: fail closed.
      if (rejection instanceof Error) console.error(`rate limit (${kind}):`, rejection.message);
      const ms =
        (rejection as { msBeforeNext?: number }).msBeforeNext ?? RATE_LIMITS[kind].duration * 1000;
      wait = Math.max(wait, Math.ceil(ms / 1000));
    }
  }
  return wait > 0 ? wait : null;
}
