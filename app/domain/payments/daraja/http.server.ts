import { isRecord, textOf } from "./json";

/**
 * One HTTP exchange with Daraja that never throws: a deadline on the whole exchange (headers
 * and body), a body read up to BODY_LIMIT bytes and no further (a 1 MB or endless answer is cut
 * and its stream cancelled), JSON read when the body is JSON, and Daraja's error envelope
 * `{requestId, errorCode, errorMessage}` recognised in any answer.
 */

/** The most of an answer read: every Daraja answer is well under 1 KB. */
export const BODY_LIMIT = 64 * 1024;

/** Why there is no usable answer. */
export type Unreachable =
  | "timeout"
  | "network"
  /** The answer is larger than BODY_LIMIT. */
  | "too-large"
  /** A 2xx answer that is no JSON object of the expected shape (HTML, text, truncated JSON). */
  | "malformed"
  /** A 5xx answer without Daraja's error envelope (a proxy's or gateway's page). */
  | "server-error";

export interface DarajaError {
  errorCode: string;
  errorMessage: string;
  requestId?: string;
}

export type Exchange =
  | { kind: "answer"; status: number; json: unknown }
  | { kind: "unreachable"; reason: Unreachable; status?: number };

export interface ExchangeRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

export async function exchange(request: ExchangeRequest): Promise<Exchange> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers:
        request.body === undefined
          ? request.headers
          : { ...request.headers, "Content-Type": "application/json" },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      redirect: "manual",
    });
    const text = await boundedText(response);
    if (text === undefined)
      return { kind: "unreachable", reason: "too-large", status: response.status };
    return { kind: "answer", status: response.status, json: parseJson(text) };
  } catch {
    return { kind: "unreachable", reason: signal.aborted ? "timeout" : "network" };
  }
}

/** The body as text, or undefined past BODY_LIMIT bytes (the rest is never read). */
async function boundedText(response: Response): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > BODY_LIMIT) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Daraja's error envelope in a parsed answer, if it is one. */
export function errorEnvelope(json: unknown): DarajaError | undefined {
  if (!isRecord(json)) return undefined;
  const errorCode = textOf(json.errorCode, 64);
  if (!errorCode) return undefined;
  const errorMessage = textOf(json.errorMessage, 500) ?? "";
  const requestId = textOf(json.requestId);
  return requestId ? { errorCode, errorMessage, requestId } : { errorCode, errorMessage };
}
