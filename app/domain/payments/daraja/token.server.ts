import type { DarajaConfig } from "./config.server";
import { type DarajaError, errorEnvelope, exchange, type Unreachable } from "./http.server";
import { isRecord, textOf } from "./json";
import type { KeptToken, TokenStore } from "./token-store.server";

/**
 * Daraja's OAuth token (`GET /oauth/v1/generate?grant_type=client_credentials`, Basic auth):
 * asked for once, kept until shortly before `expires_in` (a string, "3599", or a number) runs
 * out, and shared — callers arriving while it is being fetched wait for that one request. A
 * token Daraja calls invalid (404.001.03) is forgotten so the next caller fetches a new one.
 *
 * With a shared store (Redis: token-store.server.ts) the token is every process's: a process
 * that finds none takes the store's lock and asks Daraja; the others wait for the token it
 * stores (or, if it fails or dies, take the lock in turn). Redis not answering never stops a
 * payment: the process then asks Daraja for a token of its own.
 */
export type TokenResult =
  | { ok: true; token: string }
  | { ok: false; kind: "rejected"; error: DarajaError }
  | { ok: false; kind: "unreachable"; reason: Unreachable; status?: number };

export interface TokenCache {
  /** A valid token: the kept one, the one being fetched, or a new one. */
  get(): Promise<TokenResult>;
  /** Forgets `token` here and in the shared store (not a newer one another caller has). */
  invalidate(token: string): Promise<void>;
}

/**
 * Daraja's tokens live an hour: the life assumed when `expires_in` is missing, unreadable or 0
 * (a token refused before then is renewed on 404.001.03 anyway).
 */
const DEFAULT_TTL_SECONDS = 3599;
/** Fetched anew this long before it expires (at most a tenth of its life). */
const MARGIN_SECONDS = 60;

/** Seconds a token is kept for, from its `expires_in` ("3599", 3599, or junk). */
export function keepSeconds(expiresIn: unknown): number {
  const text = typeof expiresIn === "number" ? String(expiresIn) : expiresIn;
  const ttl =
    typeof text === "string" && /^\s*\d{1,7}(\.\d+)?\s*$/.test(text) ? Math.floor(Number(text)) : 0;
  const life = ttl > 0 ? ttl : DEFAULT_TTL_SECONDS;
  return life - Math.min(MARGIN_SECONDS, Math.ceil(life / 10));
}

/** How often a process waiting for another's token looks for it. */
const POLL_MS = 50;

export interface TokenCacheOptions {
  timeoutMs: number;
  now: () => number;
  /** Shared with the other processes (REDIS_URL); this process's memory when absent. */
  store?: TokenStore;
  /** Says once that the store failed (default: console.warn). */
  warn?: (message: string) => void;
}

export function createTokenCache(
  config: Pick<DarajaConfig, "baseUrl" | "consumerKey" | "consumerSecret">,
  options: TokenCacheOptions,
): TokenCache {
  let kept: KeptToken | undefined;
  let inFlight: Promise<TokenResult> | undefined;
  let warned = false;
  const { store } = options;
  const fresh = (token: KeptToken | undefined): token is KeptToken =>
    token !== undefined && options.now() < token.until;

  async function fetchToken(): Promise<TokenResult> {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString("base64");
    const reply = await exchange({
      url: `${config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
      method: "GET",
      headers: { Authorization: `Basic ${basic}`, Accept: "application/json" },
      timeoutMs: options.timeoutMs,
    });
    if (reply.kind === "unreachable") return { ok: false, ...reply };
    const token = isRecord(reply.json) ? textOf(reply.json.access_token, 4096) : undefined;
    if (reply.status >= 200 && reply.status < 300 && token && isRecord(reply.json)) {
      kept = { token, until: options.now() + keepSeconds(reply.json.expires_in) * 1000 };
      return { ok: true, token };
    }
    const error = errorEnvelope(reply.json);
    if (error) return { ok: false, kind: "rejected", error };
    if (reply.status >= 400 && reply.status < 500) {
      return {
        ok: false,
        kind: "rejected",
        error: { errorCode: `http-${reply.status}`, errorMessage: "OAuth refused the credentials" },
      };
    }
    const reason = reply.status >= 500 ? "server-error" : "malformed";
    return { ok: false, kind: "unreachable", reason, status: reply.status };
  }

  /** The stored token, or one fetched under the store's lock (another process's, if it has it). */
  async function fromStore(shared: TokenStore): Promise<TokenResult> {
    const deadline = options.now() + options.timeoutMs + 2000;
    for (;;) {
      const found = await shared.read();
      if (fresh(found)) {
        kept = found;
        return { ok: true, token: found.token };
      }
      if (await shared.lock(options.timeoutMs + 2000)) {
        try {
          // Stored while this process was taking the lock?
          const again = await shared.read();
          if (fresh(again)) {
            kept = again;
            return { ok: true, token: again.token };
          }
          const fetched = await fetchToken();
          if (fetched.ok && kept) await shared.write(kept, kept.until - options.now());
          return fetched;
        } finally {
          await shared.unlock().catch(() => {});
        }
      }
      // Another process is asking Daraja: wait for its token (or its lock to go).
      while ((await shared.locked()) && options.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const stored = await shared.read();
        if (fresh(stored)) {
          kept = stored;
          return { ok: true, token: stored.token };
        }
      }
      if (options.now() >= deadline) return fetchToken();
    }
  }

  async function next(): Promise<TokenResult> {
    if (!store) return fetchToken();
    try {
      return await fromStore(store);
    } catch (error) {
      if (!warned) {
        warned = true;
        (options.warn ?? console.warn)(
          `Daraja: the shared token store did not answer (${String(error)}); this process asks for its own`,
        );
      }
      return fetchToken();
    }
  }

  return {
    get() {
      if (fresh(kept)) return Promise.resolve({ ok: true, token: kept.token });
      kept = undefined;
      inFlight ??= next().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    async invalidate(token) {
      if (kept?.token === token) kept = undefined;
      await store?.forget(token).catch(() => {});
    },
  };
}
