import type { MessageKey } from "~/i18n/messages";

/**
 * What a push's result means to the person paying (Daraja's STK result codes), and
 * the two messages a page shows for it in the visitor's language: what happened, and what to
 * do next. Pages branch on the kind, never on Daraja's ResultDesc.
 */
export type OutcomeKind =
  | "paid"
  | "insufficient_funds"
  /** An M-Pesa limit: below the minimum, above the maximum, the daily limit, the balance cap. */
  | "limit"
  | "cancelled"
  /** The prompt expired, or the phone could not be reached (off, no network). */
  | "timed_out"
  | "wrong_pin"
  | "pin_locked"
  /** The agency's M-Pesa set-up or M-Pesa itself failed: nothing the payer did. */
  | "failed"
  /** Another M-Pesa transaction is in progress on the phone, or M-Pesa is busy. */
  | "busy"
  /** A code the contract does not list: the payment is neither confirmed nor refused. */
  | "unknown";

/** What a page shows besides a final outcome: the prompt sent, or M-Pesa not answering. */
export type WaitingKind = "waiting" | "unreachable";

const KIND_OF_CODE: Readonly<Record<string, OutcomeKind>> = {
  "0": "paid",
  "1": "insufficient_funds",
  "2": "limit",
  "3": "limit",
  "4": "limit",
  "8": "limit",
  // "Rule limited": the same amount from the same customer within two minutes.
  "17": "busy",
  "1019": "timed_out",
  // The prompt was too long to send (AccountReference and the agency's name).
  "1025": "failed",
  "1032": "cancelled",
  "1037": "timed_out",
  "2001": "wrong_pin",
  // TransactionType and PartyB do not match the agency's product.
  "2028": "failed",
  "8006": "pin_locked",
  SFC_IC0003: "failed",
  // Third-party lists only: subscriber locked, system busy, push error.
  "1001": "busy",
  "26": "busy",
  "9999": "failed",
};

/** The outcome of a ResultCode, from a callback (a number) or a query (a string). */
export function outcomeOf(resultCode: string | number): OutcomeKind {
  const code = String(resultCode).trim();
  return Object.hasOwn(KIND_OF_CODE, code) ? (KIND_OF_CODE[code] ?? "unknown") : "unknown";
}

/** Whether the person may simply try again (a new push) after this outcome. */
export function canRetry(kind: OutcomeKind): boolean {
  return kind !== "paid" && kind !== "pin_locked" && kind !== "unknown";
}

export interface OutcomeMessages {
  /** What happened. */
  title: MessageKey;
  /** What to do next. */
  next: MessageKey;
}

/** The catalogue messages of each outcome (namespace `payments`). */
export const OUTCOME_MESSAGES: Readonly<Record<OutcomeKind | WaitingKind, OutcomeMessages>> = {
  waiting: { title: "payments.outcome.waiting.title", next: "payments.outcome.waiting.next" },
  unreachable: {
    title: "payments.outcome.unreachable.title",
    next: "payments.outcome.unreachable.next",
  },
  paid: { title: "payments.outcome.paid.title", next: "payments.outcome.paid.next" },
  insufficient_funds: {
    title: "payments.outcome.insufficientFunds.title",
    next: "payments.outcome.insufficientFunds.next",
  },
  limit: { title: "payments.outcome.limit.title", next: "payments.outcome.limit.next" },
  cancelled: { title: "payments.outcome.cancelled.title", next: "payments.outcome.cancelled.next" },
  timed_out: { title: "payments.outcome.timedOut.title", next: "payments.outcome.timedOut.next" },
  wrong_pin: { title: "payments.outcome.wrongPin.title", next: "payments.outcome.wrongPin.next" },
  pin_locked: {
    title: "payments.outcome.pinLocked.title",
    next: "payments.outcome.pinLocked.next",
  },
  failed: { title: "payments.outcome.failed.title", next: "payments.outcome.failed.next" },
  busy: { title: "payments.outcome.busy.title", next: "payments.outcome.busy.next" },
  unknown: { title: "payments.outcome.unknown.title", next: "payments.outcome.unknown.next" },
};

/**
 * What the page shows right after asking for a push: the prompt sent (waiting), the phone busy,
 * M-Pesa not answering (the prompt may still arrive: query before another push), or a refusal
 * by Daraja (failed: nothing was sent). An invalid input is a field error, not an outcome.
 */
export function pushOutcome(result: {
  kind: "accepted" | "busy" | "rejected" | "unreachable" | "unconfigured" | "invalid";
}): OutcomeKind | WaitingKind | undefined {
  switch (result.kind) {
    case "accepted":
      return "waiting";
    case "busy":
      return "busy";
    case "unreachable":
      return "unreachable";
    case "rejected":
    case "unconfigured":
      return "failed";
    default:
      return undefined;
  }
}
