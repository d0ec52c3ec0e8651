/**
 * What every handler of auth/, rest/, storage/ and the mailbox answers: a status, headers and
 * one body — a JSON value, text or bytes as they are, or a stream (storage downloads) — and the
 * one function that writes it to the socket (server.ts calls it once per request).
 */
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export type ResultHeaders = Record<string, string | number | string[] | undefined>;

export interface ApiResult {
  status: number;
  headers?: ResultHeaders;
  /**
   * A JSON value, sent with `Content-Type: application/json; charset=utf-8` unless `headers`
   * name another type; undefined = `raw`, else no body.
   */
  body?: unknown;
  /** A body sent as it is (its type in `headers`): text, bytes, or a stream piped out. */
  raw?: string | Uint8Array | Readable;
}

const JSON_TYPE = "application/json; charset=utf-8";

export const jsonResult = (status: number, body: unknown, headers?: ResultHeaders): ApiResult => ({
  status,
  body,
  headers,
});

/**
 * Writes the result. `Content-Length` is set for JSON, text and bytes (a stream's, and a
 * bodiless HEAD answer's, come from the handler); a stream that fails after the headers went
 * out rejects, and the caller destroys the connection.
 */
export async function writeResult(res: ServerResponse, result: ApiResult): Promise<void> {
  if (res.headersSent) return;
  const { status, body, raw } = result;
  if (raw instanceof Readable) {
    res.writeHead(status, { ...result.headers });
    await pipeline(raw, res);
    return;
  }
  const json = body !== undefined;
  const payload = json ? JSON.stringify(body) : raw;
  const headers: ResultHeaders = json
    ? { "Content-Type": JSON_TYPE, ...result.headers }
    : { ...result.headers };
  if (payload !== undefined) {
    headers["Content-Length"] =
      typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength;
  }
  res.writeHead(status, headers);
  res.end(payload);
}
