/** Writes a REST answer: status, headers, and the body in its negotiated media type. */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { send } from "../http.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { RestError } from "./errors.ts";
import { contentType, type Output } from "./media.ts";

export interface Reply {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Undefined = no body (204, return=minimal). */
  body?: string;
  output?: Output;
}

export function sendReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  profiled: boolean,
): void {
  const headers: OutgoingHttpHeaders = { ...reply.headers };
  if (reply.body !== undefined && reply.output) {
    headers["Content-Type"] = contentType(reply.output);
    if (profiled) headers["Content-Profile"] = EXPOSED_SCHEMA;
  }
  send(res, reply.status, req.method === "HEAD" ? undefined : reply.body, headers);
}

/** `.single()`: exactly one row, else 406 PGRST116 (thrown inside the transaction: rollback). */
export function assertSingle(output: Output, rows: number): void {
  if (output.kind !== "single" || rows === 1) return;
  throw new RestError(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${rows} rows`,
  );
}
