/** A REST answer as a result: status, headers, and the body in its negotiated media type. */
import type { ApiRequest } from "../api-request.ts";
import type { ApiResult, ResultHeaders } from "../api-result.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { RestError } from "./errors.ts";
import { contentType, type Output } from "./media.ts";

export interface Reply {
  status: number;
  headers: ResultHeaders;
  /** Undefined = no body (204, return=minimal). */
  body?: string;
  output?: Output;
}

export function replyResult(request: ApiRequest, reply: Reply, profiled: boolean): ApiResult {
  const headers: ResultHeaders = { ...reply.headers };
  if (reply.body !== undefined && reply.output) {
    headers["Content-Type"] = contentType(reply.output);
    if (profiled) headers["Content-Profile"] = EXPOSED_SCHEMA;
  }
  return { status: reply.status, headers, raw: request.method === "HEAD" ? undefined : reply.body };
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
