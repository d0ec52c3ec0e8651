import type { DarajaConfig } from "./config.server";
import { type DarajaError, errorEnvelope, exchange, type Unreachable } from "./http.server";
import { isRecord, textOf } from "./json";

/**
 * Daraja's OAuth token (`GET /oauth/v1/generate?grant_type=client_credentials`, Basic auth):
 * asked for once, kept until shortly before `expires_in` (a string, "3599", or a number) runs
 * out, and shared — callers arriving while it is being fetched wait for that one request. A
 * token Daraja calls invalid (404.001.03) is forgotten so the next caller fetches a new one.
 */
export type TokenResult =
  | { ok: true; token: string }
  | { ok: false; kind: "rejected"; error: DarajaError }
  | { ok: false; kind: "unreachable"; reason: Unreachable; status?: number };

export interface TokenCache {
  /** A valid token: the kept one, the one being fetched, or a new one. */
  get(): Promise<TokenResult>;
  /** Forgets `token` (not a newer one another caller already has). */
  invalidate(token: string): void;
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

export function createTokenCache(
  config: Pick<DarajaConfig, "baseUrl" | "consumerKey" | "consumerSecret">,
  options: { timeoutMs: number; now: () => number },
): TokenCache {
  let kept: { token: string; until: number } | undefined;
  let inFlight: Promise<TokenResult> | undefined;

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

  return {
    get() {
      if (kept && options.now() < kept.until)
        return Promise.resolve({ ok: true, token: kept.token });
      kept = undefined;
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(token) {
      if (kept?.token === token) kept = undefined;
    },
  };
}
