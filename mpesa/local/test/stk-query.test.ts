import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, PHONE, standIn, TIMESTAMP } from "../testing.ts";

afterEach(closeAll);

describe("STK Push Query: POST /mpesa/stkpushquery/v1/query", { timeout: 5_000 }, () => {
  it("says 500.001.1001 'being processed' (requestId = CheckoutRequestID) until resolved", async () => {
    const stand = await standIn();
    const daraja = client(stand);
    const id = String((await daraja.push()).body.CheckoutRequestID);
    expect(await daraja.query(id)).toEqual({
      status: 500,
      body: {
        requestId: id,
        errorCode: "500.001.1001",
        errorMessage: "The transaction is being processed",
      },
    });
    stand.resolve(id, 0);
    expect(await daraja.query(id)).toEqual({
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successfully",
        MerchantRequestID: stand.pushes()[0]!.merchantRequestId,
        CheckoutRequestID: id,
        ResultCode: "0",
        ResultDesc: "The service request is processed successfully.",
      },
    });
  });

  it("gives a failure's code as a string, with no receipt", async () => {
    const stand = await standIn();
    stand.next(PHONE, { resultCode: 1032, mode: "none" });
    const daraja = client(stand);
    const id = String((await daraja.push()).body.CheckoutRequestID);
    await new Promise((r) => setTimeout(r, 20));
    const answer = await daraja.query(id);
    expect(answer.body).toMatchObject({
      ResultCode: "1032",
      ResultDesc: "Request cancelled by user",
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/Receipt|Amount|PhoneNumber/);
  });

  it("answers an unknown id with 400.002.02 Invalid CheckoutRequestID", async () => {
    const daraja = client(await standIn());
    expect(await daraja.query("ws_CO_01012026000000000708374149")).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02", errorMessage: "Bad Request - Invalid CheckoutRequestID" },
    });
  });

  it("checks the password as the push does", async () => {
    const daraja = client(await standIn());
    const answer = await daraja.post("/mpesa/stkpushquery/v1/query", {
      BusinessShortCode: "174379",
      Password: "d3Jvbmc=",
      Timestamp: TIMESTAMP,
      CheckoutRequestID: "ws_CO_x",
    });
    expect(answer).toMatchObject({ status: 500, body: { errorMessage: "Wrong credentials" } });
  });
});
