import { Redis } from "ioredis";

/**
 * One Redis connection per process and URL for the app's shared state (rate-limit counters).
 * Commands fail at once while the connection is down (no offline queue), so a rate limit falls
 * back to its insurance limiter instead of waiting; the client keeps reconnecting by itself.
 */
const clients = new Map<string, { client: Redis; connected: Promise<void> }>();

export function redisClient(url: string): Redis {
  return connection(url).client;
}

/**
 * Resolves once the first connection attempt is over (ready, failed, or 2 s): a request that
 * arrives while the process is still connecting waits for Redis instead of being counted by
 * the insurance limiter alone. Later outages do not wait (the insurance limiter answers).
 */
export function redisConnected(url: string): Promise<void> {
  return connection(url).connected;
}

function connection(url: string) {
  let made = clients.get(url);
  if (!made) {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Connection errors are expected while Redis restarts; the insurance limiter covers them.
    client.on("error", () => {});
    const connected = new Promise<void>((resolve) => {
      client.once("ready", resolve);
      client.once("error", () => resolve());
      setTimeout(resolve, 2000).unref();
    });
    made = { client, connected };
    clients.set(url, made);
  }
  return made;
}
