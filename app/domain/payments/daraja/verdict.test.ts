import { describe, expect, it } from "vitest";
import type { StkCallback } from "./callbacks";
import type { StkQueryResult } from "./client.server";
import { pushVerdict } from "./verdict";

const ASKED = {
  checkoutRequestId: "ws_CO_1",
  merchantRequestId: "2654-1",
  amountCents: 150_000,
};
const paidCallback: StkCallback = {
  checkoutRequestId: "ws_CO_1",
  merchantRequestId: "2654-1",
  resultCode: "0",
  resultDesc: "The service request is processed successfully.",
  payment: {
    amountCents: 150_000,
    receipt: "NLJ7RT61SV",
    paidAt: "2026-11-29T10:00:00.000Z",
  },
};
const cancelledCallback: StkCallback = {
  checkoutRequestId: "ws_CO_1",
  merchantRequestId: "2654-1",
  resultCode: "1032",
  resultDesc: "Request cancelled by user",
};
const final = (resultCode: string, merchantRequestId = "2654-1"): StkQueryResult => ({
  kind: "final",
  resultCode,
  resultDesc: "",
  merchantRequestId,
});

describe("a push's verdict (verdict.ts): never paid on a callback alone", () => {
  it("is paid when the query says 0 and the callback agrees, with the receipt", () => {
    expect(pushVerdict(ASKED, paidCallback, final("0"))).toEqual({
      kind: "paid",
      amountCents: 150_000,
      receipt: "NLJ7RT61SV",
      paidAt: "2026-11-29T10:00:00.000Z",
    });
  });

  it("is paid without a receipt when the callback never came but the query says 0", () => {
    expect(pushVerdict(ASKED, undefined, final("0"))).toEqual({
      kind: "paid",
      amountCents: 150_000,
    });
  });

  it("waits while the query has no final answer, whatever the callback says", () => {
    for (const query of [
      { kind: "pending" },
      { kind: "unknown", errorCode: "400.002.02", errorMessage: "" },
      { kind: "unreachable", reason: "timeout" },
    ] as StkQueryResult[]) {
      expect(pushVerdict(ASKED, paidCallback, query)).toEqual({ kind: "wait" });
      expect(pushVerdict(ASKED, undefined, query)).toEqual({ kind: "wait" });
    }
  });

  it("is not paid on a final failure, with its outcome", () => {
    expect(pushVerdict(ASKED, cancelledCallback, final("1032"))).toEqual({
      kind: "not-paid",
      outcome: "cancelled",
      resultCode: "1032",
    });
    expect(pushVerdict(ASKED, undefined, final("2001"))).toMatchObject({ outcome: "wrong_pin" });
  });

  it("flags a wrong amount, another request, or callback and query disagreeing", () => {
    const short = { ...paidCallback, payment: { amountCents: 100, receipt: "NLJ7RT61SV" } };
    expect(pushVerdict(ASKED, short, final("0"))).toEqual({
      kind: "flagged",
      reason: "wrong-amount",
    });
    // A forged callback is flagged before any query answer.
    expect(pushVerdict(ASKED, short, { kind: "pending" })).toMatchObject({
      reason: "wrong-amount",
    });
    const other = { ...paidCallback, merchantRequestId: "9999-1" };
    expect(pushVerdict(ASKED, other, final("0"))).toMatchObject({ reason: "other-request" });
    expect(pushVerdict(ASKED, undefined, final("0", "9999-1"))).toMatchObject({
      reason: "other-request",
    });
    expect(pushVerdict(ASKED, paidCallback, final("1032"))).toMatchObject({
      reason: "results-disagree",
    });
    expect(pushVerdict(ASKED, cancelledCallback, final("0"))).toMatchObject({
      reason: "results-disagree",
    });
  });
});
