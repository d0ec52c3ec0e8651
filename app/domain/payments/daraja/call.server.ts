import { env } from "~/infra/env.server";
import type { DarajaConfig } from "./config.server";
import { type DarajaError, errorEnvelope, exchange, type Unreachable } from "./http.server";
import { createTokenCache, type TokenCache } from "./token.server";
import { redisTokenStore } from "./token-store.server";

/**
 * An authenticated Daraja call (a POST with the shared OAuth token), for every Daraja API the
 * site uses (client.server.ts, transaction-status.server.ts): a token Daraja calls invalid
 * (404.001.03) is renewed and the call made once more; nothing throws.
 */

/** A request Daraja did not take, by what refused it. */
export type Refusal = { kind: "rejected" } & DarajaError;
/** No usable answer: the request may or may not have been taken. */
export type NoAnswer = { kind: "unreachable"; reason: Unreachable; status?: number };

export type Answer = { kind: "answer"; status: number; json: unknown };
export type Called = Answer | NoAnswer | Refusal;

export interface CallOptions {
  /** Deadline of each HTTP exchange (token and call). Default 10 s. */
  timeoutMs?: number;
  /** The clock (tests). Default Date.now. */
  now?: () => number;
  /** The token cache to use (default: one of this caller's own, in memory). */
  tokens?: TokenCache;
}

const INVALID_TOKEN = "404.001.03";

export interface DarajaCaller {
  /** POSTs `body` to `path` with a token. */
  call(path: string, body: Record<string, unknown>): Promise<Called>;
}

export function createDarajaCaller(config: DarajaConfig, options: CallOptions = {}): DarajaCaller {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokens: TokenCache =
    options.tokens ?? createTokenCache(config, { timeoutMs, now: options.now ?? Date.now });

  async function call(
    path: string,
    body: Record<string, unknown>,
    retried = false,
  ): Promise<Called> {
    const token = await tokens.get();
    if (!token.ok) {
      return token.kind === "rejected"
        ? { kind: "rejected", ...token.error }
        : { kind: "unreachable", reason: token.reason, status: token.status };
    }
    const reply = await exchange({
      url: `${config.baseUrl}${path}`,
      method: "POST",
      headers: { Authorization: `Bearer ${token.token}`, Accept: "application/json" },
      body,
      timeoutMs,
    });
    if (reply.kind === "answer" && errorEnvelope(reply.json)?.errorCode === INVALID_TOKEN) {
      await tokens.invalidate(token.token);
      if (!retried) return call(path, body, true);
    }
    return reply;
  }

  return { call: (path, body) => call(path, body) };
}

const processCaches = new Map<string, TokenCache>();

/**
 * This process's token cache for a Daraja app, shared by every API the site calls with it
 * (M-Pesa Express, C2B, Transaction Status): in Redis with REDIS_URL, so every worker and
 * instance uses one token and one of them asks for the next; else in this process's memory.
 */
export function processTokenCache(
  config: Pick<DarajaConfig, "baseUrl" | "consumerKey" | "consumerSecret">,
): TokenCache {
  const redisUrl = env().REDIS_URL;
  const key = JSON.stringify([config.baseUrl, config.consumerKey, config.consumerSecret, redisUrl]);
  let cache = processCaches.get(key);
  if (!cache) {
    cache = createTokenCache(config, {
      timeoutMs: 10_000,
      now: Date.now,
      store: redisUrl ? redisTokenStore(redisUrl, config) : undefined,
    });
    processCaches.set(key, cache);
  }
  return cache;
}

/** The error an answer carries, or what its status says when it has no envelope. */
export function refusal(reply: Answer): Refusal | NoAnswer {
  const error = errorEnvelope(reply.json);
  if (error) return { kind: "rejected", ...error };
  if (reply.status >= 500)
    return { kind: "unreachable", reason: "server-error", status: reply.status };
  if (reply.status >= 400) {
    return {
      kind: "rejected",
      errorCode: `http-${reply.status}`,
      errorMessage: "Refused without a reason",
    };
  }
  return { kind: "unreachable", reason: "malformed", status: reply.status };
}
