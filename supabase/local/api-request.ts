/**
 * The one parsed form of a request that every service (auth/, rest/, storage/, the mailbox)
 * receives, built once by the gateway (server.ts), as PostgREST parses its ApiRequest once:
 * method, path, query, lower-cased headers, the caller's credentials, and the body, read at
 * most once — as UTF-8 text within a size limit, or as the raw stream (storage uploads stream
 * to disk). Below the gateway nothing sees node:http; answers are `ApiResult`s (api-result.ts).
 */
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { BodyTooLargeError, MAX_BODY_BYTES } from "./http.ts";
import { bearerToken } from "./jwt.ts";

/** Header names are lower-case (as node:http gives them); repeated ones may be arrays. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface ApiRequest {
  readonly method: string;
  /** Path below the service's prefix (e.g. `/signup` for `/auth/v1/signup`), `/` at least. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: RequestHeaders;
  /** The header's first value. */
  readonly header: (name: string) => string | undefined;
  /** The token of `Authorization: Bearer <token>` (GoTrue's and Storage's rule), if any. */
  readonly bearer: string | undefined;
  /** The `apikey` header, if any. */
  readonly apikey: string | undefined;
  /** The socket's peer address (rate limits). */
  readonly remoteAddress: string | undefined;
  /** The whole body as UTF-8; BodyTooLargeError past `limit` bytes (nothing more is buffered). */
  readonly text: (limit?: number) => Promise<string>;
  /** The body as it arrives, for uploads that stream it elsewhere within their own limit. */
  readonly stream: () => Readable;
  /** Lets a body that will not be used drain (a request refused before its body was needed). */
  readonly discard: () => void;
  /** True once the body was read to its end; a refusal before that closes the connection. */
  readonly bodyEnded: () => boolean;
}

/** Reads the whole body as UTF-8, rejecting (without buffering further) past the limit. */
function readText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The request as every service sees it; `path` is the URL's whole path until `below`. */
export function parseApiRequest(req: IncomingMessage, url: URL): ApiRequest {
  const headers = req.headers;
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    headers,
    header: (name) => first(headers[name.toLowerCase()]),
    bearer: bearerToken(headers.authorization),
    apikey: first(headers.apikey),
    remoteAddress: req.socket.remoteAddress,
    text: (limit = MAX_BODY_BYTES) => readText(req, limit),
    stream: () => req,
    discard: () => {
      req.resume();
    },
    bodyEnded: () => req.readableEnded,
  };
}

/** The request as the service mounted at `prefix` sees it: `path` below the prefix. */
export function below(request: ApiRequest, prefix: string): ApiRequest {
  return { ...request, path: request.path.slice(prefix.length) || "/" };
}
