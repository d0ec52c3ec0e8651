import { describe, expect, it } from "vitest";
import { parseStatusResult, statusDeliveryId, statusVerdict } from "./status-result";

const completed = (parameters: { Key: string; Value?: unknown }[], code: unknown = 0) => ({
  Result: {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: "The service request is processed successfully.",
    OriginatorConversationID: "1236-7134259-1",
    ConversationID: "AG_20261129_0100401f8b3c5d6e7a90",
    TransactionID: "ukt4h2j9qz",
    ResultParameters: { ResultParameter: parameters },
  },
});

const PARAMETERS = [
  { Key: "ReceiptNo", Value: "UKT4H2J9QZ" },
  { Key: "Amount", Value: 1160.5 },
  { Key: "TransactionStatus", Value: "Completed" },
  { Key: "DebitPartyName", Value: "254708374149 - JOHN DOE" },
  { Key: "CreditPartyName", Value: "174379 - Jenga" },
  { Key: "FinalisedTime", Value: 20261129153012 },
];

describe("Transaction Status Results (status-result.ts)", () => {
  it("reads the parameters by Key, the amount exactly in cents, the time as an instant", () => {
    expect(parseStatusResult(completed(PARAMETERS))).toEqual({
      ok: true,
      result: {
        resultCode: "0",
        resultDesc: "The service request is processed successfully.",
        conversationId: "AG_20261129_0100401f8b3c5d6e7a90",
        transactionId: "UKT4H2J9QZ",
        details: {
          receipt: "UKT4H2J9QZ",
          amountCents: 116_050,
          status: "Completed",
          debitPartyName: "254708374149 - JOHN DOE",
          creditPartyName: "174379 - Jenga",
          finalisedAt: "2026-11-29T12:30:12.000Z",
        },
      },
    });
  });

  it("is delivered once per ConversationID (else OriginatorConversationID) and ResultCode", () => {
    expect(statusDeliveryId(completed(PARAMETERS))).toBe("AG_20261129_0100401f8b3c5d6e7a90:0");
    expect(statusDeliveryId(completed(PARAMETERS, "SVC0001"))).toBe(
      "AG_20261129_0100401f8b3c5d6e7a90:SVC0001",
    );
    expect(statusDeliveryId({ Result: { OriginatorConversationID: "1-2-3" } })).toBe("1-2-3");
    expect(statusDeliveryId({ Result: {} })).toBeUndefined();
  });

  it("confirms a payment only on code 0, Completed, the same receipt and a readable amount", () => {
    const verdict = (body: unknown) => {
      const reading = parseStatusResult(body);
      if (!reading.ok) throw new Error(reading.reason);
      return statusVerdict(reading.result, "UKT4H2J9QZ");
    };
    expect(verdict(completed(PARAMETERS))).toEqual({ kind: "completed", amountCents: 116_050 });
    const without = (key: string, value?: unknown) =>
      completed(PARAMETERS.map((p) => (p.Key === key ? { Key: key, Value: value } : p)));
    expect(verdict(without("ReceiptNo", "UKT0000000"))).toMatchObject({ kind: "not-confirmed" });
    expect(verdict(without("TransactionStatus", "Cancelled"))).toEqual({
      kind: "not-confirmed",
      reason: "M-Pesa's Transaction Status says Cancelled, not Completed",
    });
    expect(verdict(without("Amount", "1,160.00"))).toMatchObject({ kind: "not-confirmed" });
    expect(verdict(without("Amount", 1.005))).toMatchObject({ kind: "not-confirmed" });
    expect(
      verdict({
        Result: { ResultCode: "SFC_IC0003", ResultDesc: "Receiver party is invalid" },
      }),
    ).toEqual({
      kind: "not-confirmed",
      reason: "M-Pesa's Transaction Status: SFC_IC0003 Receiver party is invalid",
    });
  });

  it("refuses what is no Result", () => {
    expect(parseStatusResult("x")).toEqual({ ok: false, reason: "not-an-object" });
    expect(parseStatusResult({ Body: {} })).toEqual({ ok: false, reason: "no-result" });
    expect(parseStatusResult({ Result: { ResultDesc: "?" } })).toEqual({
      ok: false,
      reason: "no-result-code",
    });
  });
});
