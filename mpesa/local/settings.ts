/** The stand-in's options, their defaults, and the settings a test may change while it runs. */
import type { Registration } from "./checks.ts";
import { type ExchangeLog, postJson } from "./exchanges.ts";
import type { StatusAnswer } from "./status.ts";
import { type ResultCode, SAFARICOM_ADDRESSES } from "./wire.ts";

/** Safaricom's public sandbox merchant (the site's default MPESA_SHORTCODE / MPESA_PASSKEY). */
export const SANDBOX_SHORTCODE = "174379";
export const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
/** The fixed local credentials (never valid anywhere else). */
export const LOCAL_CONSUMER_KEY = "local-standin-consumer-key";
export const LOCAL_CONSUMER_SECRET = "local-standin-consumer-secret";

export interface DarajaStandInOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A path prefix every route sits under (`/daraja`); default none. */
  basePath?: string;
  consumerKey?: string;
  consumerSecret?: string;
  /** The merchants pushes may name: shortcode → passkey. Default: the sandbox's 174379. */
  merchants?: Record<string, string>;
  /** How long a token lives; default 3 600 000 (expires_in "3599"). */
  tokenTtlMs?: number;
  /** C2B URLs known from the start (not counted as the one-time registration: see README). */
  c2bUrls?: (Registration & { version?: "v1" | "v2" })[];
  /** When set, the other version's C2B calls fail with 401.003.01 (product mismatch). */
  c2bVersion?: "v1" | "v2";
  /** Names a C2B payment shows; default JOHN / "" / DOE. */
  customer?: { firstName: string; middleName: string; lastName: string };
  /** Exchanges kept in memory (default 500); pushes and payments: 500 each. */
  exchangeLimit?: number;
  /** A line for each push, answer and payment (default: silent). */
  log?: (line: string) => void;
  settings?: Partial<StandInSettings>;
}

/** What a test may change while the stand-in runs (POST /__standin/settings). */
export interface StandInSettings {
  /** A push nobody answers resolves as `promptTimeoutCode` after this long (default 60 000). */
  promptTimeoutMs: number;
  /** 1037 (DS timeout, default) or 1019 (expired). */
  promptTimeoutCode: ResultCode;
  /** Post C2B validation requests when a ValidationURL is registered (default false, as Safaricom). */
  validation: boolean;
  /** How long a validation answer is awaited before the ResponseType applies (default 8 000). */
  validationTimeoutMs: number;
  /** Per attempt of a callback (default 10 000). */
  callbackTimeoutMs: number;
  /** Headers every callback carries; default X-Forwarded-For: 196.201.214.200, the first of Safaricom's callback addresses. */
  callbackHeaders: Record<string, string>;
  /** Mode `late`: the callback follows the result after this long (default 5 000). */
  lateMs: number;
  /** Mode `duplicate`: the gap between the two callbacks (default 50). */
  duplicateGapMs: number;
  /** Mode `retry`: waits before each resend while the answer is not 2xx (default 250, 1 000, 3 000). */
  retryDelaysMs: number[];
  /** Whether a paid callback lists `{"Name":"Balance"}` (default true) or leaves it out. */
  balanceItem: boolean;
  /**
   * After a Transaction Status query's answer: `result` (default) posts the Result to its
   * ResultURL, `timeout` posts a queue timeout to its QueueTimeOutURL instead, `none` posts nothing.
   */
  statusAnswer: StatusAnswer;
}

export const DEFAULT_SETTINGS: StandInSettings = {
  promptTimeoutMs: 60_000,
  promptTimeoutCode: 1037,
  validation: false,
  validationTimeoutMs: 8_000,
  callbackTimeoutMs: 10_000,
  callbackHeaders: { "X-Forwarded-For": SAFARICOM_ADDRESSES[0] },
  lateMs: 5_000,
  duplicateGapMs: 50,
  retryDelaysMs: [250, 1_000, 3_000],
  balanceItem: true,
  statusAnswer: "result",
};

/** What the parts of the stand-in share. */
export interface StandInContext {
  settings: StandInSettings;
  exchanges: ExchangeLog;
  customer: { firstName: string; middleName: string; lastName: string };
  log: (line: string) => void;
  /** Aborted by close(): waits and callbacks in flight stop. */
  signal: AbortSignal;
}

/** POSTs a callback with the configured headers and timeout (aborted by close()). */
export function postCallback(
  ctx: StandInContext,
  options: { url: string; payload: unknown; kind: string; ref: string; timeoutMs?: number },
) {
  return postJson(ctx.exchanges, {
    ...options,
    headers: ctx.settings.callbackHeaders,
    timeoutMs: options.timeoutMs ?? ctx.settings.callbackTimeoutMs,
    signal: ctx.signal,
  });
}

/** Waits `ms` unless the stand-in closes first (then resolves false). */
export function pause(ctx: StandInContext, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (ctx.signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      ctx.signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    ctx.signal.addEventListener("abort", onAbort, { once: true });
  });
}
