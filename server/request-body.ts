import type { IncomingMessage } from "node:http";
import {
  bodyLimitFor,
  isFileUploadRoute,
  isUploadRoute,
  queryOf,
} from "../app/infra/body-limits.ts";
import { hasSessionCookie } from "../app/infra/cookie-names.ts";
import type { BodyReservation } from "./body-budget.ts";
import {
  readBody,
  refuseDeclaredOver,
  reserveDeclared,
  type StreamedBody,
  streamBody,
} from "./read-body.ts";

export const CLIENT_IP_HEADER = "x-client-ip";

export interface FetchRequestOptions {
  host: string;
  https: boolean;
  trustProxy?: boolean;
  reservation: BodyReservation;
  /** The path and query the app sees (an anonymous cacheable read: its canonical URL). */
  target: string;
}

export interface AppRequest {
  request: Request;
  /** Set when the body is streamed to the app: why it stopped early, if it did. */
  streamed?: StreamedBody;
  /** The body was left unread on purpose: the connection must close after the answer. */
  bodyLeftUnread: boolean;
}

export function forwarded(req: IncomingMessage, name: string, trust?: boolean): string | undefined {
  if (!trust) return undefined;
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim() || undefined;
}

function requestHeaders(req: IncomingMessage, trustProxy?: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === CLIENT_IP_HEADER || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(
    CLIENT_IP_HEADER,
    forwarded(req, "x-forwarded-for", trustProxy) ?? req.socket.remoteAddress ?? "unknown",
  );
  return headers;
}

/**
 * The fetch Request the app gets. Bodies are held within the process's budget (their declared
 * length is reserved before a byte is read). Forms are read whole before the app runs — except
 * on the upload routes, whose bodies go to the app unread so the admin guard runs first; and an
 * upload without a session cookie (nobody can be signed in) is never read at all.
 */
export async function toAppRequest(
  req: IncomingMessage,
  path: string,
  options: FetchRequestOptions,
): Promise<AppRequest> {
  const method = req.method ?? "GET";
  const headers = requestHeaders(req, options.trustProxy);
  const url = `${options.https ? "https" : "http"}://${options.host || "localhost"}${options.target}`;
  if (method === "GET" || method === "HEAD") {
    return { request: new Request(url, { method, headers }), bodyLeftUnread: false };
  }
  const query = queryOf(options.target);
  const limit = bodyLimitFor(path, query).bytes;
  const passedOn = isFileUploadRoute(path, query);
  if (passedOn || isUploadRoute(path)) {
    if (!hasSessionCookie(req.headers.cookie)) {
      headers.delete("content-length");
      return { request: new Request(url, { method, headers }), bodyLeftUnread: true };
    }
    if (passedOn) refuseDeclaredOver(req, limit);
    else reserveDeclared(req, limit, options.reservation);
    const streamed = streamBody(req, limit, options.reservation, { held: !passedOn });
    const request = new Request(url, {
      method,
      headers,
      body: streamed.stream,
      duplex: "half",
    } as RequestInit);
    return { request, streamed, bodyLeftUnread: false };
  }
  reserveDeclared(req, limit, options.reservation);
  const body = await readBody(req, limit, options.reservation);
  return {
    request: new Request(url, { method, headers, body: body as Uint8Array<ArrayBuffer> }),
    bodyLeftUnread: false,
  };
}
