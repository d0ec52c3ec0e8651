/**
 * PostgREST error bodies `{code, details, hint, message}`, their HTTP status, and the extra
 * headers PostgREST sends with them (`WWW-Authenticate` on 401, `Proxy-Status` always).
 */
import type { ResultHeaders } from "../api-result.ts";
import { pgErrorStatus } from "./pg-status.ts";

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers: ResultHeaders;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: ResultHeaders = {},
  ) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }

  /** Response headers: PostgREST's Proxy-Status, plus whatever this error carries. */
  responseHeaders(): ResultHeaders {
    return { "Proxy-Status": `PostgREST; error=${this.code}`, ...this.headers };
  }
}

/** Query-string syntax error (PGRST100). */
export const parseError = (what: string, input: string, details: string | null = null) =>
  new RestError(400, "PGRST100", `"failed to parse ${what} (${input})"`, details);

export const unknownColumn = (table: string, column: string) =>
  new RestError(400, "42703", `column ${table}.${column} does not exist`);

export const unknownBodyColumn = (table: string, column: string) =>
  new RestError(
    400,
    "PGRST204",
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );

export const invalidBody = (details: string) =>
  new RestError(400, "PGRST102", "Empty or invalid json", details);

export const notImplemented = (details: string) =>
  new RestError(400, "PGRST127", "Feature not implemented", details);

/** A JWT that PostgREST cannot use: 401 with an RFC 6750 `invalid_token` challenge. */
export const invalidToken = (code: "PGRST301" | "PGRST303", message: string) =>
  new RestError(401, code, message, null, null, {
    "WWW-Authenticate": `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  severity?: string;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<PgErrorLike>).code === "string" &&
    "severity" in error
  );
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: full response control. */
function fromRaisedPgrst(error: PgErrorLike): RestError {
  let message: Record<string, unknown>;
  let detail: Record<string, unknown>;
  try {
    message = JSON.parse(error.message);
  } catch {
    return new RestError(
      500,
      "PGRST121",
      "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  try {
    detail = JSON.parse(error.detail ?? "");
  } catch {
    return new RestError(
      500,
      "PGRST121",
      "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
      error.detail
        ? `Invalid JSON value for DETAIL: '${error.detail}'`
        : "DETAIL is missing in the RAISE statement",
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const status = Number(detail.status);
  const headers = (detail.headers ?? {}) as Record<string, string>;
  return new RestError(
    Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500,
    String(message.code ?? ""),
    String(message.message ?? ""),
    text(message.details),
    text(message.hint),
    headers,
  );
}

/** A Postgres error as PostgREST reports it; `authenticated` = the request carried a non-anon role. */
export function fromPgError(error: PgErrorLike, authenticated: boolean): RestError {
  if (error.code === "PGRST") return fromRaisedPgrst(error);
  const status = pgErrorStatus(error.code, error.message, authenticated);
  return new RestError(
    status,
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? { "WWW-Authenticate": "Bearer" } : {},
  );
}
