/**
 * Postgres errors across the thread boundary, and the ones the watchdog raises itself.
 *
 * A structured clone keeps only an Error's message, so the database thread sends the fields
 * Postgres reported (SQLSTATE, detail, hint…) as a plain object and this side rebuilds an
 * Error carrying them: the services read `code`, `detail`, `hint` and tell a Postgres error by
 * its `severity`, as they did with PGlite's own errors.
 */

/** The ErrorResponse fields of Postgres's protocol that PGlite copies onto its errors. */
const FIELDS = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

type Field = (typeof FIELDS)[number];

export type WireError =
  | { kind: "postgres"; message: string; fields: Partial<Record<Field, string>> }
  | { kind: "other"; name: string; message: string };

/** An error Postgres reported (or the watchdog, in Postgres's words). */
export class DatabaseError extends Error {
  readonly severity: string;
  readonly code: string;
  readonly detail?: string;
  readonly hint?: string;

  constructor(message: string, fields: Partial<Record<Field, string>>) {
    super(message);
    this.name = "DatabaseError";
    this.severity = fields.severity ?? "ERROR";
    this.code = fields.code ?? "XX000";
    Object.assign(this, fields);
  }
}

export function toWire(error: unknown): WireError {
  if (error instanceof Error && typeof (error as { code?: unknown }).code === "string") {
    const source = error as unknown as Record<string, unknown>;
    if ("severity" in source) {
      const fields: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) {
        const value = source[field];
        if (value !== undefined && value !== null) fields[field] = String(value);
      }
      return { kind: "postgres", message: error.message, fields };
    }
  }
  if (error instanceof Error) return { kind: "other", name: error.name, message: error.message };
  return { kind: "other", name: "Error", message: String(error) };
}

export function fromWire(wire: WireError): Error {
  if (wire.kind === "postgres") return new DatabaseError(wire.message, wire.fields);
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}

const canceled = (why: string) =>
  new DatabaseError(`canceling statement due to ${why}`, { severity: "ERROR", code: "57014" });

/** What Postgres answers a statement that ran past its `statement_timeout`. */
export const statementTimeout = () => canceled("statement timeout");

/** What Postgres answers a statement whose client cancelled it (`pg_cancel_backend`, Ctrl-C). */
export const userCancel = () => canceled("user request");

/** Postgres's answer to a statement sent into a transaction that already failed. */
export const transactionAborted = () =>
  new DatabaseError(
    "current transaction is aborted, commands ignored until end of transaction block",
    { severity: "ERROR", code: "25P02" },
  );

/** PGlite's answer when a transaction's COMMIT rolled it back (a statement of it had failed). */
export const rolledBackInstead = () =>
  new DatabaseError("Transaction was rolled back instead of committed", {
    severity: "ERROR",
    code: "25P02",
  });

/** True for a 57014 (a statement stopped by its timeout or by its departed client). */
export function isCanceled(error: unknown): boolean {
  return error instanceof DatabaseError && error.code === "57014";
}
