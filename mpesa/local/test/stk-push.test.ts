import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, PHONE, standIn } from "../testing.ts";

afterEach(closeAll);

const invalid = (field: string) => ({
  status: 400,
  body: {
    requestId: expect.any(String),
    errorCode: "400.002.02",
    errorMessage: `Bad Request - Invalid ${field}`,
  },
});

describe("STK push: POST /mpesa/stkpush/v1/processrequest", { timeout: 5_000 }, () => {
  it("accepts a push with string ResponseCode and realistic ids", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.push();
    expect(answer).toEqual({
      status: 200,
      body: {
        MerchantRequestID: expect.stringMatching(
          /^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\d{8}$/,
        ),
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{17}708374149$/),
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      },
    });
  });

  it("takes Amount and BusinessShortCode as numbers or strings, and no TransactionDesc", async () => {
    const stand = await standIn();
    const daraja = client(stand);
    const { TransactionDesc: _omitted, ...body } = daraja.pushBody({
      Amount: 250_000,
      BusinessShortCode: "174379",
    });
    const answer = await daraja.post("/mpesa/stkpush/v1/processrequest", body);
    expect(answer.status).toBe(200);
    expect(stand.pushes()[0]?.request.amount).toBe(250_000);
  });

  it("answers a body without Content-Type as Daraja does: Invalid BusinessShortCode", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.call("/mpesa/stkpush/v1/processrequest", {
      body: JSON.stringify(daraja.pushBody()),
      headers: { Authorization: `Bearer ${await daraja.bearer()}` },
    });
    expect(answer).toEqual(invalid("BusinessShortCode"));
  });

  it("answers bad JSON with 400.002.05 Invalid Request Payload", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.post("/mpesa/stkpush/v1/processrequest", "{not json");
    expect(answer).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.05", errorMessage: "Invalid Request Payload" },
    });
  });

  it.each([
    ["BusinessShortCode", { BusinessShortCode: "12" }],
    ["Timestamp", { Timestamp: "2026-11-29 10:30" }],
    ["Timestamp", { Timestamp: "20261332103000" }],
    ["TransactionType", { TransactionType: "PayBill" }],
    ["Amount", { Amount: 0 }],
    ["Amount", { Amount: 1.5 }],
    ["Amount", { Amount: "10.00" }],
    ["Amount", { Amount: 250_001 }],
    ["Amount", { Amount: "ten" }],
    ["PartyA", { PartyA: "0708374149" }],
    ["PartyB", { PartyB: "17" }],
    ["PhoneNumber", { PhoneNumber: "0708374149" }],
    ["PhoneNumber", { PhoneNumber: "254908374149" }],
    ["PhoneNumber", { PhoneNumber: "+254708374149" }],
    ["CallBackURL", { CallBackURL: "https://example.com/a path" }],
    ["CallBackURL", { CallBackURL: "ftp://example.com/cb" }],
    ["CallBackURL", { CallBackURL: "not a url" }],
    ["AccountReference", { AccountReference: "JD-2026-00001" }],
    ["AccountReference", { AccountReference: "" }],
    ["TransactionDesc", { TransactionDesc: "Invoice 123456" }],
  ])("refuses a bad %s: %j", async (field, overrides) => {
    const daraja = client(await standIn());
    expect(await daraja.push(overrides)).toEqual(invalid(field));
  });

  it("accepts the newer 2541… numbers", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.push({ PartyA: "254112345678", PhoneNumber: "254112345678" });
    expect(answer.status).toBe(200);
  });

  it("answers a wrong password with 500.001.1001 Wrong credentials", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.push({ Password: daraja.password("20261129103001") });
    expect(answer).toMatchObject({
      status: 500,
      body: { errorCode: "500.001.1001", errorMessage: "Wrong credentials" },
    });
  });

  it("answers an unknown shortcode with 500.001.1001 Merchant does not exist", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.push({
      BusinessShortCode: "600000",
      Password: daraja.password(undefined, "600000"),
    });
    expect(answer).toMatchObject({
      status: 500,
      body: { errorCode: "500.001.1001", errorMessage: "Merchant does not exist" },
    });
  });

  it("knows the merchants it is given", async () => {
    const stand = await standIn({ merchants: { "600100": "secret-passkey" } });
    expect([stand.shortcode, stand.passkey]).toEqual(["600100", "secret-passkey"]);
    const daraja = client(stand);
    const answer = await daraja.push({ BusinessShortCode: "600100", PartyB: "600100" });
    expect(answer.status).toBe(200);
  });

  it("locks a busy phone until its push is resolved", async () => {
    const stand = await standIn();
    const daraja = client(stand);
    const first = await daraja.push();
    const second = await daraja.push({ Amount: 10 });
    expect(second).toMatchObject({
      status: 500,
      body: {
        errorCode: "500.001.1001",
        errorMessage:
          "Unable to lock subscriber, a transaction is already in process for the current subscriber",
      },
    });
    // Another phone is not locked.
    const other = await daraja.push({ PartyA: "254711000111", PhoneNumber: "254711000111" });
    expect(other.status).toBe(200);
    stand.resolve(String(first.body.CheckoutRequestID), 1032);
    expect((await daraja.push()).status).toBe(200);
    expect(stand.pushes().filter((p) => p.request.phone === PHONE)).toHaveLength(2);
  });
});
