import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, eventually, PHONE, receiver, standIn } from "../testing.ts";

afterEach(closeAll);

/** A stand-in whose Paybill confirmations and status results go to one receiver. */
async function paid(settings: Parameters<typeof standIn>[0] = {}) {
  const hook = await receiver();
  const stand = await standIn({
    ...settings,
    c2bUrls: [
      {
        shortcode: "174379",
        responseType: "Completed",
        confirmationUrl: `${hook.url}/confirm`,
        validationUrl: undefined,
      },
    ],
  });
  const { payment, done } = stand.payBill({
    paybill: "174379",
    account: "JD-2026-0001",
    amount: 1500,
    phone: "0708374149",
  });
  await done;
  const urls = { ResultURL: `${hook.url}/result`, QueueTimeOutURL: `${hook.url}/timeout` };
  return { stand, hook, daraja: client(stand), transId: payment.transId, urls };
}

describe("Transaction Status: POST /mpesa/transactionstatus/v1/query", { timeout: 5_000 }, () => {
  it("accepts the query, then posts the payment's Result to the ResultURL", async () => {
    const { hook, daraja, transId, urls } = await paid();
    const answer = await daraja.transactionStatus({
      TransactionID: transId,
      Occasion: "payment 7",
      ...urls,
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        OriginatorConversationID: expect.stringMatching(/^[0-9a-f-]{20,}\d{7}$/),
        ConversationID: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      },
    });
    const [, result] = await hook.waitFor(2);
    expect(result?.path).toBe("/result");
    expect(result?.headers["x-forwarded-for"]).toBe("196.201.214.200");
    expect(result?.body).toEqual({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: answer.body.OriginatorConversationID,
        ConversationID: answer.body.ConversationID,
        TransactionID: transId,
        ResultParameters: {
          ResultParameter: [
            { Key: "ReceiptNo", Value: transId },
            { Key: "Amount", Value: 1500 },
            { Key: "TransactionStatus", Value: "Completed" },
            { Key: "DebitPartyName", Value: `${PHONE} - JOHN DOE` },
            { Key: "CreditPartyName", Value: "174379 - Stand-in Paybill" },
            { Key: "FinalisedTime", Value: expect.any(Number) },
          ],
        },
        ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "payment 7" } },
      },
    });
  });

  it("knows a paid STK push's receipt too", async () => {
    const hook = await receiver();
    const stand = await standIn();
    stand.next(PHONE, { resultCode: 0, mode: "none" });
    const daraja = client(stand);
    await daraja.push();
    const receipt = await eventually(() => stand.pushes()[0]?.receipt);
    await daraja.transactionStatus({
      TransactionID: receipt,
      ResultURL: `${hook.url}/result`,
    });
    const [result] = await hook.waitFor(1);
    expect(result?.body).toMatchObject({ Result: { ResultCode: 0, TransactionID: receipt } });
  });

  it("posts the stand-in's failure (R000001) for a receipt it does not know or another shortcode's", async () => {
    const { hook, daraja, transId, urls } = await paid();
    await daraja.transactionStatus({ TransactionID: "UKT0000000", ...urls });
    await daraja.transactionStatus({ TransactionID: transId, PartyA: "600984", ...urls });
    const results = (await hook.waitFor(3)).slice(1);
    for (const [index, id] of [["UKT0000000"], [transId]].entries()) {
      expect(results[index]?.body).toEqual({
        Result: {
          ResultType: 0,
          ResultCode: "R000001",
          ResultDesc: "The transaction receipt number does not exist.",
          OriginatorConversationID: expect.any(String),
          ConversationID: expect.any(String),
          TransactionID: id[0],
          ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "" } },
        },
      });
    }
  });

  it("posts to the QueueTimeOutURL instead, or nothing, as the statusAnswer setting says", async () => {
    const { stand, hook, daraja, transId, urls } = await paid({
      settings: { statusAnswer: "timeout" },
    });
    await daraja.transactionStatus({ TransactionID: transId, ...urls });
    const [, timeout] = await hook.waitFor(2);
    expect(timeout?.path).toBe("/timeout");
    expect(timeout?.body).toMatchObject({
      Result: { ResultCode: "SVC0001", TransactionID: transId },
    });
    const set = await daraja.call("/__standin/settings", {
      headers: { "Content-Type": "application/json" },
      body: { statusAnswer: "none" },
    });
    expect(set.body).toMatchObject({ statusAnswer: "none" });
    const answer = await daraja.transactionStatus({ TransactionID: transId, ...urls });
    expect(answer.body.ResponseCode).toBe("0");
    await new Promise((r) => setTimeout(r, 150));
    expect(hook.received).toHaveLength(2);
    expect(stand.statuses()[0]).toMatchObject({ answer: "none", found: true });
    const refused = await daraja.call("/__standin/settings", {
      headers: { "Content-Type": "application/json" },
      body: { statusAnswer: "later" },
    });
    expect(refused).toEqual({
      status: 400,
      body: { message: "statusAnswer: one of result, timeout, none" },
    });
  });

  it.each([
    ["Initiator", { Initiator: "" }],
    ["SecurityCredential", { SecurityCredential: "not base64!" }],
    ["CommandID", { CommandID: "TransactionStatus" }],
    ["TransactionID", { TransactionID: undefined }],
    ["TransactionID", { TransactionID: "UKT-000000" }],
    ["PartyA", { PartyA: "12" }],
    ["IdentifierType", { IdentifierType: "1" }],
    ["ResultURL", { ResultURL: "not a url" }],
    ["QueueTimeOutURL", { QueueTimeOutURL: undefined }],
    ["Remarks", { Remarks: "" }],
    ["Occasion", { Occasion: "x".repeat(101) }],
  ])("refuses a bad %s with 400.002.02", async (field, body) => {
    const daraja = client(await standIn());
    expect(await daraja.transactionStatus({ TransactionID: "UKT0000000", ...body })).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` },
    });
  });

  it("checks authentication as every other endpoint", async () => {
    const stand = await standIn();
    const daraja = client(stand);
    const path = "/mpesa/transactionstatus/v1/query";
    expect(await daraja.call(path, { body: {} })).toMatchObject({
      status: 404,
      body: { errorCode: "404.001.04" },
    });
    expect(
      await daraja.call(path, { body: {}, headers: { Authorization: "Bearer nope" } }),
    ).toMatchObject({ status: 404, body: { errorCode: "404.001.03" } });
    expect(await daraja.post(path, "{", {})).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.05" },
    });
    expect(stand.statuses()).toEqual([]);
  });
});
