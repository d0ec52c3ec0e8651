/**
 * Per-client request limits, like GoTrue's tollbooth limiters: a token bucket per client
 * address holding `max` requests, refilled evenly over `windowSeconds` (hosted /verify:
 * 30 per 5 minutes). Memory is bounded: at most `maxClients` addresses are tracked, the
 * least recently seen are forgotten first.
 *
 * The client address is the socket's, or the first value of a trusted header (GoTrue's
 * GOTRUE_RATE_LIMIT_HEADER) when the caller is a server acting for its visitors. Unlike
 * GoTrue, a request without that header is limited by its socket address, not let through.
 */
import type { ApiRequest } from "./api-request.ts";
import type { RateLimitSetting, SecuritySettings } from "./settings.ts";

const DEFAULT_MAX_CLIENTS = 10_000;
const MAX_KEY_LENGTH = 100;

export interface RateLimiter {
  /** Takes one request from the client's bucket; false when it is empty. */
  take(client: string): boolean;
  /** Clients currently tracked. */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimiter(
  setting: RateLimitSetting,
  maxClients = DEFAULT_MAX_CLIENTS,
): RateLimiter {
  // Two generations instead of exact LRU: when the current one holds half the allowance it
  // becomes the previous one and the old previous one is dropped. O(1), bounded.
  let current = new Map<string, Bucket>();
  let previous = new Map<string, Bucket>();
  const refillPerMs = setting.max / (setting.windowSeconds * 1000);

  const bucketOf = (client: string, now: number): Bucket => {
    const known = current.get(client);
    if (known) return known;
    const bucket = previous.get(client) ?? { tokens: setting.max, at: now };
    previous.delete(client);
    if (current.size >= maxClients / 2) {
      previous = current;
      current = new Map();
    }
    current.set(client, bucket);
    return bucket;
  };

  return {
    take(client) {
      const now = performance.now();
      const bucket = bucketOf(client, now);
      bucket.tokens = Math.min(setting.max, bucket.tokens + (now - bucket.at) * refillPerMs);
      bucket.at = now;
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    get size() {
      return current.size + previous.size;
    },
  };
}

/** The address requests are limited by: the trusted header's first value, else the socket's. */
function clientAddress(request: ApiRequest, trustedHeader: string | undefined): string {
  const forwarded = trustedHeader ? request.header(trustedHeader)?.split(",")[0]?.trim() : "";
  const address = forwarded || request.remoteAddress || "unknown";
  return address.slice(0, MAX_KEY_LENGTH);
}

export interface RequestLimits {
  /** false when the auth route `"METHOD /path"` is over its limit for this client. */
  allow(route: string, request: ApiRequest): boolean;
}

export function createRequestLimits(options: {
  enabled: boolean;
  trustedHeader?: string;
  security: SecuritySettings;
}): RequestLimits {
  if (!options.enabled) return { allow: () => true };
  const verify = createRateLimiter(options.security.verifyRateLimit);
  // GET and POST /verify share one bucket, as in GoTrue's router.
  const byRoute = new Map<string, RateLimiter>([
    ["POST /verify", verify],
    ["GET /verify", verify],
  ]);
  return {
    allow(route, request) {
      const limiter = byRoute.get(route);
      return !limiter || limiter.take(clientAddress(request, options.trustedHeader));
    },
  };
}
