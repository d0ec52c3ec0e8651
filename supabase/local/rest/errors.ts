/** PostgREST error bodies `{code, details, hint, message}` and SQLSTATE → HTTP status mapping. */

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
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

function statusFor(code: string, role: string): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23505" || code === "23503") return 409;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "25006") return 405;
  if (code === "40001" || code === "40P01") return 409;
  // Data exceptions, integrity violations, syntax/access problems, raised exceptions: the
  // client's fault. Anything else is ours.
  if (/^(22|23|42|P0|2B|2F|0L|0P|28)/.test(code)) return 400;
  return 500;
}

export function fromPgError(error: PgErrorLike, role: string): RestError {
  return new RestError(
    statusFor(error.code, role),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}
