import type { MessageKey, Values } from "~/i18n/messages";

/**
 * What domain functions return: a value, or a failure of a kind the HTTP layer knows how to
 * answer (`web/replies.server.ts` maps kinds to statuses).
 */
export type FailureKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "unprocessable"
  | "too-large"
  | "limited"
  | "backend"
  | "unavailable";

export interface Failure {
  ok: false;
  kind: FailureKind;
  message: string;
  /** Seconds to wait (kind "limited"). */
  retryAfter?: number;
  /** The catalogue message `message` is the English text of, to answer in the page's language. */
  key?: MessageKey;
  values?: Values;
}

export type Result<T = undefined> = { ok: true; value: T } | Failure;

export function ok(): { ok: true; value: undefined };
export function ok<T>(value: T): { ok: true; value: T };
export function ok<T>(value?: T) {
  return { ok: true as const, value };
}

export function fail(kind: FailureKind, message: string, retryAfter?: number): Failure {
  return retryAfter === undefined
    ? { ok: false, kind, message }
    : { ok: false, kind, message, retryAfter };
}

const KIND_OF_STATUS: Record<number, FailureKind> = {
  400: "invalid",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  413: "too-large",
  422: "unprocessable",
  429: "limited",
};

/** The failure kind of a backend's HTTP status (other 4xx: invalid; 5xx: backend). */
export function kindOfStatus(status: number): FailureKind {
  if (status >= 500) return "backend";
  return KIND_OF_STATUS[status] ?? "invalid";
}
