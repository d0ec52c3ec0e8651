import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { redisClient, redisConnected } from "~/infra/redis.server";

/**
 * Where Daraja's OAuth token is shared between the site's processes (every worker of every
 * instance, with REDIS_URL): the token with the time it stops being used, and a lock so that
 * one process asks Daraja for a new one while the others wait for it (one token request per
 * expiry, whatever the number of workers). Without Redis each process keeps its own
 * (token.server.ts), as before.
 */
export interface KeptToken {
  token: string;
  /** Epoch ms (the cache's clock) from which it is fetched anew. */
  until: number;
}

export interface TokenStore {
  read(): Promise<KeptToken | undefined>;
  write(kept: KeptToken, ttlMs: number): Promise<void>;
  /** Takes the lock for `ms`; false when another process holds it. */
  lock(ms: number): Promise<boolean>;
  /** Whether any process holds the lock. */
  locked(): Promise<boolean>;
  unlock(): Promise<void>;
  /** Forgets `token` — not a newer one another process already stored. */
  forget(token: string): Promise<void>;
}

/** Deletes KEYS[1] when its value is ARGV[1] (the lock's owner releases only its own lock). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** Deletes the kept token KEYS[1] when it is ARGV[1]. */
const FORGET = `local v = redis.call('get', KEYS[1])
if v and cjson.decode(v).token == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/**
 * The store in Redis at `url`, for one Daraja app (its base URL and consumer key: the sandbox's
 * token is not production's). The keys name a hash of them, never the key itself.
 */
export function redisTokenStore(
  url: string,
  app: { baseUrl: string; consumerKey: string },
  client?: Redis,
): TokenStore {
  const id = createHash("sha256").update(`${app.baseUrl}\n${app.consumerKey}`).digest("hex");
  const key = `daraja:token:${id.slice(0, 24)}`;
  const lockKey = `${key}:lock`;
  const owner = randomBytes(12).toString("hex");
  const redis = async () => {
    if (client) return client;
    await redisConnected(url);
    return redisClient(url);
  };
  return {
    async read() {
      const value = await (await redis()).get(key);
      if (!value) return undefined;
      try {
        const parsed = JSON.parse(value) as Partial<KeptToken>;
        return typeof parsed.token === "string" && typeof parsed.until === "number"
          ? { token: parsed.token, until: parsed.until }
          : undefined;
      } catch {
        return undefined;
      }
    },
    async write(kept, ttlMs) {
      await (await redis()).set(key, JSON.stringify(kept), "PX", Math.max(1, Math.ceil(ttlMs)));
    },
    async lock(ms) {
      return (await (await redis()).set(lockKey, owner, "PX", ms, "NX")) === "OK";
    },
    async locked() {
      return (await (await redis()).exists(lockKey)) === 1;
    },
    async unlock() {
      await (await redis()).eval(RELEASE, 1, lockKey, owner);
    },
    async forget(token) {
      await (await redis()).eval(FORGET, 1, key, token);
    },
  };
}
