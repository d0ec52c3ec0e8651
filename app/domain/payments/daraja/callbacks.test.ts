import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountKeyOf,
  c2bDeliveryId,
  parseC2bConfirmation,
  parseStkCallback,
  stkDeliveryId,
} from "./callbacks";

/** Daraja's documented success callback, with `patch` merged into stkCallback. */
function stk(patch: Record<string, unknown> = {}, items?: unknown[]) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_191220191020363925",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: items ?? [
            { Name: "Amount", Value: 1.0 },
            { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
            { Name: "Balance" },
            { Name: "TransactionDate", Value: 20191219102115 },
            { Name: "PhoneNumber", Value: 254708374149 },
          ],
        },
        ...patch,
      },
    },
  };
}

const parsed = (body: unknown) => {
  const reading = parseStkCallback(body);
  return reading.ok ? reading.callback : reading.reason;
};

describe("STK callback (callbacks.ts)", () => {
  it("reads the contract's success callback", () => {
    expect(parsed(stk())).toEqual({
      merchantRequestId: "29115-34620561-1",
      checkoutRequestId: "ws_CO_191220191020363925",
      resultCode: "0",
      resultDesc: "The service request is processed successfully.",
      payment: {
        amountCents: 100,
        receipt: "NLJ7RT61SV",
        phone: "254708374149",
        paidAt: "2019-12-19T07:21:15.000Z",
      },
    });
  });

  it("finds items by name in any order, with Amount as 1, 1.00 or text and Balance in any shape", () => {
    const items = (amount: unknown, balance?: unknown) => [
      { Name: "PhoneNumber", Value: "254708374149" },
      ...(balance === undefined ? [] : [balance]),
      { Name: "TransactionDate", Value: "20191219102115" },
      { Name: "MpesaReceiptNumber", Value: "nlj7rt61sv" },
      { Name: "Amount", Value: amount },
    ];
    const payment = (body: unknown) => (parsed(body) as { payment?: unknown }).payment;
    expect(payment(stk({}, items(1)))).toMatchObject({ amountCents: 100, receipt: "NLJ7RT61SV" });
    expect(payment(stk({}, items("1.00")))).toMatchObject({ amountCents: 100 });
    expect(payment(stk({}, items(4999.99)))).toMatchObject({ amountCents: 499_999 });
    expect(payment(stk({}, items(1, { Name: "Balance", Value: 25.5 })))).toMatchObject({
      balance: "25.5",
    });
    expect(
      payment(stk({}, items(1, { Name: "Balance", Value: "{Amount={BasicAmount=46.00}}" }))),
    ).toMatchObject({
      balance: "{Amount={BasicAmount=46.00}}",
    });
    const oddBalance = payment(stk({}, items(1, { Name: "Balance", Value: { Amount: 3 } })));
    expect(oddBalance).not.toHaveProperty("balance");
    expect(payment(stk({}, items(1, { Name: "Balance" })))).not.toHaveProperty("balance");
    // A lone item instead of a list (an XML-to-JSON quirk).
    const lone = stk({ CallbackMetadata: { Item: { Name: "Amount", Value: 5 } } });
    expect(parsed(lone)).toBe("paid-without-receipt");
  });

  it("reads a failure without CallbackMetadata, ResultCode as number, text or a non-numeric code", () => {
    const cancelled = stk({ ResultCode: 1032, ResultDesc: "Request cancelled by user" });
    delete (cancelled.Body.stkCallback as Record<string, unknown>).CallbackMetadata;
    expect(parsed(cancelled)).toEqual({
      merchantRequestId: "29115-34620561-1",
      checkoutRequestId: "ws_CO_191220191020363925",
      resultCode: "1032",
      resultDesc: "Request cancelled by user",
    });
    expect(parsed(stk({ ResultCode: "1032" }))).toMatchObject({ resultCode: "1032" });
    expect(parsed(stk({ ResultCode: " 1 " }))).toMatchObject({ resultCode: "1" });
    expect(
      parsed(stk({ ResultCode: "SFC_IC0003", ResultDesc: "The operator does not exist." })),
    ).toMatchObject({
      resultCode: "SFC_IC0003",
    });
    // Old Daraja texts had a prefix.
    expect(
      parsed(stk({ ResultCode: 1032, ResultDesc: "[STK_CB - ]Request cancelled by user" })),
    ).toMatchObject({
      resultDesc: "Request cancelled by user",
    });
    expect(parsed(stk({ ResultCode: 1, ResultDesc: 42 }))).toMatchObject({ resultDesc: "" });
    // A failure's metadata, if any, is not read as a payment.
    expect(parsed(stk({ ResultCode: 1 }))).not.toHaveProperty("payment");
  });

  it("says why a callback is malformed instead of guessing", () => {
    expect(parsed(null)).toBe("not-an-object");
    expect(parsed("<html>")).toBe("not-an-object");
    expect(parsed([stk()])).toBe("not-an-object");
    expect(parsed({ Body: {} })).toBe("no-stk-callback");
    expect(parsed({ body: stk().Body })).toBe("no-stk-callback");
    expect(parsed(stk({ CheckoutRequestID: "" }))).toBe("no-checkout-request-id");
    expect(parsed(stk({ CheckoutRequestID: { id: 1 } }))).toBe("no-checkout-request-id");
    expect(parsed(stk({ MerchantRequestID: null }))).toBe("no-merchant-request-id");
    expect(parsed(stk({ ResultCode: null }))).toBe("no-result-code");
    expect(parsed(stk({ ResultCode: 1.5 }))).toBe("no-result-code");
    expect(parsed(stk({ ResultCode: "0; DROP" }))).toBe("no-result-code");
    expect(parsed(stk({}, [{ Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" }]))).toBe(
      "paid-without-amount",
    );
    for (const amount of ["1.005", -1, "one", 0, null]) {
      const items = [
        { Name: "Amount", Value: amount },
        { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
      ];
      expect(parsed(stk({}, items)), String(amount)).toBe("paid-without-amount");
    }
    expect(parsed(stk({}, [{ Name: "Amount", Value: 1 }]))).toBe("paid-without-receipt");
    const spaced = [
      { Name: "Amount", Value: 1 },
      { Name: "MpesaReceiptNumber", Value: "NLJ 7RT61SV" },
    ];
    expect(parsed(stk({}, spaced))).toBe("paid-without-receipt");
    expect(parsed(stk({ CallbackMetadata: "none" }))).toBe("paid-without-amount");
  });

  it("names the webhook lane's delivery: the CheckoutRequestID", () => {
    expect(stkDeliveryId(stk())).toBe("ws_CO_191220191020363925");
    expect(stkDeliveryId({ Body: { stkCallback: {} } })).toBeUndefined();
    expect(stkDeliveryId("x")).toBeUndefined();
  });

  it("property: any JSON gives a callback or a reason, never an exception", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.jsonValue().map((v) => ({ Body: { stkCallback: v } })),
        ),
        (body) => {
          const reading = parseStkCallback(body);
          if (reading.ok && reading.callback.resultCode === "0") {
            expect(Number.isSafeInteger(reading.callback.payment?.amountCents)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Daraja's documented C2B confirmation, with `patch` merged. */
function c2b(patch: Record<string, unknown> = {}) {
  return {
    TransactionType: "Pay Bill",
    TransID: "RKL51ZDR4F",
    TransTime: "20231121121325",
    TransAmount: "5.00",
    BusinessShortCode: "600966",
    BillRefNumber: "INV-00123",
    InvoiceNumber: "",
    OrgAccountBalance: "25.00",
    ThirdPartyTransID: "",
    MSISDN: "2547 ***** 126",
    FirstName: "NICHOLAS",
    MiddleName: "",
    LastName: "",
    ...patch,
  };
}

const confirmation = (body: unknown) => {
  const reading = parseC2bConfirmation(body);
  return reading.ok ? reading.confirmation : reading.reason;
};

describe("C2B confirmation (callbacks.ts)", () => {
  it("reads the contract's confirmation, all strings", () => {
    expect(confirmation(c2b())).toEqual({
      transId: "RKL51ZDR4F",
      transactionType: "Pay Bill",
      paidAt: "2023-11-21T09:13:25.000Z",
      amountCents: 500,
      shortcode: "600966",
      billRefNumber: "INV-00123",
      accountKey: "INV00123",
      invoiceNumber: "",
      thirdPartyTransId: "",
      msisdn: "2547 ***** 126",
      payerName: "NICHOLAS",
      orgAccountBalance: "25.00",
    });
  });

  it("keeps a hashed MSISDN as text, joins the names present, reads numbers too", () => {
    const hash = "a".repeat(64);
    expect(
      confirmation(
        c2b({
          MSISDN: hash,
          FirstName: "John",
          MiddleName: "",
          LastName: "Doe",
          TransAmount: 1500,
          OrgAccountBalance: "",
        }),
      ),
    ).toMatchObject({ msisdn: hash, payerName: "John Doe", amountCents: 150_000 });
    expect(confirmation(c2b({ OrgAccountBalance: "" }))).not.toHaveProperty("orgAccountBalance");
    expect(confirmation(c2b({ BusinessShortCode: 600966 }))).toMatchObject({ shortcode: "600966" });
    expect(confirmation(c2b({ TransTime: "soon" }))).not.toHaveProperty("paidAt");
  });

  it("matches the account however the customer typed it", () => {
    for (const typed of [
      " jd-2026-0001 ",
      "JD 2026 0001",
      "jd20260001",
      "JD–2026–0001",
      "ＪＤ-2026-0001",
    ]) {
      expect(confirmation(c2b({ BillRefNumber: typed })), typed).toMatchObject({
        billRefNumber: typed.trim(),
        accountKey: accountKeyOf("JD-2026-0001"),
      });
    }
    expect(accountKeyOf("JD-2026-0001")).toBe("JD20260001");
    expect(confirmation(c2b({ BillRefNumber: "" }))).toMatchObject({
      billRefNumber: "",
      accountKey: "",
    });
    expect(confirmation(c2b({ BillRefNumber: undefined }))).toMatchObject({ billRefNumber: "" });
  });

  it("says why a confirmation is malformed", () => {
    expect(confirmation("TransID=1")).toBe("not-an-object");
    expect(confirmation(c2b({ TransID: "" }))).toBe("no-trans-id");
    expect(confirmation(c2b({ TransID: "x".repeat(201) }))).toBe("no-trans-id");
    for (const amount of ["", "0.00", "-5.00", "5,00", "five", null, "1.005"]) {
      expect(confirmation(c2b({ TransAmount: amount })), String(amount)).toBe("bad-amount");
    }
    expect(confirmation(c2b({ BusinessShortCode: "" }))).toBe("no-shortcode");
  });

  it("names the webhook lane's delivery: the TransID", () => {
    expect(c2bDeliveryId(c2b())).toBe("RKL51ZDR4F");
    expect(c2bDeliveryId({})).toBeUndefined();
  });
});
