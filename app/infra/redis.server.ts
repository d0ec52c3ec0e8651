import { Redis } from "ioredis";

/**
 * One Redis connection per process and URL for the app's shared state (rate-limit counters).
 * Commands fail at once while the connection is down (no offline queue), so a rate limit falls
 * back to its insurance limiter instead of waiting; the client keeps reconnecting by itself.
 */
const clients = new Map<string, Redis>();

export function redisClient(url: string): Redis {
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Connection errors are expected while Redis restarts; the insurance limiter covers them.
    client.on("error", () => {});
    clients.set(url, client);
  }
  return client;
}
