import { Redis } from "ioredis";

export interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | string>;
}

const TIMEOUT_MS = 2000;

/**
 * `GET /readyz`: the site can serve when its Supabase backend answers (GoTrue's health
 * endpoint) and, with REDIS_URL, Redis answers a PING. `/healthz` stays a pure liveness probe.
 */
export function createReadinessCheck(options: {
  supabase: () => { url?: string; anonKey?: string };
  redisUrl?: string;
}): { check(): Promise<Readiness>; close(): void } {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      })
    : undefined;
  redis?.on("error", () => {});

  async function backend(): Promise<string> {
    const { url, anonKey } = options.supabase();
    if (!url) return "not configured";
    try {
      const response = await fetch(`${url}/auth/v1/health`, {
        headers: anonKey ? { apikey: anonKey } : {},
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.ok ? "ok" : `answered ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function ping(client: Redis): Promise<string> {
    if (client.status !== "ready") return `connection ${client.status}`;
    try {
      const timeout = new Promise<string>((resolve) =>
        setTimeout(() => resolve("timed out"), TIMEOUT_MS).unref(),
      );
      const answer = await Promise.race([client.ping(), timeout]);
      return answer === "PONG" ? "ok" : answer;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  return {
    async check() {
      const [supabase, redisCheck] = await Promise.all([
        backend(),
        redis ? ping(redis) : Promise.resolve(undefined),
      ]);
      const checks: Record<string, string> = { supabase };
      if (redisCheck !== undefined) checks.redis = redisCheck;
      return { ready: Object.values(checks).every((value) => value === "ok"), checks };
    },
    close() {
      redis?.disconnect();
    },
  };
}
