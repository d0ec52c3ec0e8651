import type { StkCallback } from "./callbacks";
import type { StkQueryResult } from "./client.server";
import { type OutcomeKind, outcomeOf } from "./outcomes";

/**
 * "Never paid on a callback alone", as a pure function: what a push came to, from the push as
 * the site asked for it, its callback (if one came) and an STK Query made afterwards. Paid
 * only when the query says 0 and the callback, when there is one, agrees on the request, the
 * amount and the result; anything contradictory is flagged for a person, never guessed.
 */
export interface PushAsked {
  checkoutRequestId: string;
  merchantRequestId: string;
  amountCents: number;
}

export type PushVerdict =
  /** The query says 0 and the callback agrees. The receipt comes with the callback only. */
  | { kind: "paid"; amountCents: number; receipt?: string; paidAt?: string }
  /** A final failure both agree on (or the query's alone): nothing was paid. */
  | { kind: "not-paid"; outcome: OutcomeKind; resultCode: string }
  /** No answer yet (query pending, unknown or unreachable): ask again later. */
  | { kind: "wait" }
  /** A contradiction a person must look at: never credited automatically. */
  | { kind: "flagged"; reason: FlagReason };

export type FlagReason =
  /** The callback names another push (CheckoutRequestID or MerchantRequestID). */
  | "other-request"
  /** The callback's amount differs from the amount asked. */
  | "wrong-amount"
  /** Callback and query disagree on the result (one says paid, the other not). */
  | "results-disagree";

export function pushVerdict(
  asked: PushAsked,
  callback: StkCallback | undefined,
  query: StkQueryResult,
): PushVerdict {
  if (callback) {
    if (
      callback.checkoutRequestId !== asked.checkoutRequestId ||
      callback.merchantRequestId !== asked.merchantRequestId
    ) {
      return { kind: "flagged", reason: "other-request" };
    }
    if (callback.payment && callback.payment.amountCents !== asked.amountCents) {
      return { kind: "flagged", reason: "wrong-amount" };
    }
  }
  if (query.kind !== "final") return { kind: "wait" };
  if (query.merchantRequestId && query.merchantRequestId !== asked.merchantRequestId) {
    return { kind: "flagged", reason: "other-request" };
  }
  const queryPaid = query.resultCode === "0";
  if (callback && (callback.resultCode === "0") !== queryPaid) {
    return { kind: "flagged", reason: "results-disagree" };
  }
  if (!queryPaid) {
    return { kind: "not-paid", outcome: outcomeOf(query.resultCode), resultCode: query.resultCode };
  }
  const payment = callback?.payment;
  if (!payment) return { kind: "paid", amountCents: asked.amountCents };
  return payment.paidAt
    ? {
        kind: "paid",
        amountCents: payment.amountCents,
        receipt: payment.receipt,
        paidAt: payment.paidAt,
      }
    : { kind: "paid", amountCents: payment.amountCents, receipt: payment.receipt };
}
