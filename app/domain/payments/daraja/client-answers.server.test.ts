import { delay, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  ACCEPTED,
  CONFIG,
  envelope,
  fakeDaraja,
  PUSH,
  PUSH_PATH,
  QUERY_PATH,
} from "../../../../test/support/daraja-msw";
import { createDarajaClient } from "./client.server";
import { BODY_LIMIT } from "./http.server";

/**
 * The Daraja client's queries, C2B registration, and the answers no contract promises (HTML,
 * text, 1 MB or endless bodies, silence): typed results, in bounded time and memory.
 */
const daraja = fakeDaraja();
const CHECKOUT = "ws_CO_13012021093521236557";

describe("STK query", () => {
  const final = {
    ResponseCode: "0",
    ResponseDescription: "The service request has been accepted successfully",
    MerchantRequestID: "22205-34066-1",
    CheckoutRequestID: CHECKOUT,
    ResultCode: "0",
    ResultDesc: "The service request is processed successfully.",
  };

  it("sends the CheckoutRequestID with the password and reads a final answer", async () => {
    daraja.answer(QUERY_PATH, () => HttpResponse.json(final));
    expect(await createDarajaClient(CONFIG).stkQuery(CHECKOUT)).toEqual({
      kind: "final",
      resultCode: "0",
      resultDesc: "The service request is processed successfully.",
      merchantRequestId: "22205-34066-1",
    });
    const [sent] = daraja.calls(QUERY_PATH);
    expect(Object.keys(sent?.body ?? {}).sort()).toEqual(
      ["BusinessShortCode", "CheckoutRequestID", "Password", "Timestamp"].sort(),
    );
    expect(sent?.body.CheckoutRequestID).toBe(CHECKOUT);
    expect(sent?.auth).toBe("Bearer token-1");
  });

  it("reads a numeric or non-numeric ResultCode as text", async () => {
    const client = createDarajaClient(CONFIG);
    daraja.answer(QUERY_PATH, () =>
      HttpResponse.json({ ...final, ResultCode: 1032, ResultDesc: "Request cancelled by user" }),
    );
    expect(await client.stkQuery(CHECKOUT)).toMatchObject({ kind: "final", resultCode: "1032" });
    daraja.answer(QUERY_PATH, () => HttpResponse.json({ ...final, ResultCode: "SFC_IC0003" }));
    expect(await client.stkQuery(CHECKOUT)).toMatchObject({ resultCode: "SFC_IC0003" });
  });

  it("reads 'being processed' as pending", async () => {
    daraja.answer(QUERY_PATH, () =>
      HttpResponse.json(
        {
          requestId: CHECKOUT,
          errorCode: "500.001.1001",
          errorMessage: "The transaction is being processed",
        },
        { status: 500 },
      ),
    );
    expect(await createDarajaClient(CONFIG).stkQuery(CHECKOUT)).toEqual({ kind: "pending" });
  });

  it("reads any other error as unknown, with Daraja's code", async () => {
    const client = createDarajaClient(CONFIG);
    daraja.answer(QUERY_PATH, () =>
      envelope(400, "400.002.02", "Bad Request - Invalid CheckoutRequestID"),
    );
    expect(await client.stkQuery("ws_CO_nothing")).toMatchObject({
      kind: "unknown",
      errorCode: "400.002.02",
    });
    daraja.answer(QUERY_PATH, () => envelope(500, "500.003.02", "Spike Arrest Violation"));
    expect(await client.stkQuery(CHECKOUT)).toMatchObject({ kind: "unknown" });
    expect(await client.stkQuery("")).toMatchObject({ kind: "unknown", errorCode: "invalid" });
    daraja.answerToken(() => envelope(400, "400.008.01", "Invalid Authentication passed"));
    expect(await createDarajaClient(CONFIG).stkQuery(CHECKOUT)).toMatchObject({
      kind: "unknown",
      errorCode: "400.008.01",
    });
  });

  it("reads a gateway's page or silence as unreachable", async () => {
    daraja.answer(QUERY_PATH, () => new HttpResponse("<h1>504</h1>", { status: 504 }));
    expect(await createDarajaClient(CONFIG).stkQuery(CHECKOUT)).toEqual({
      kind: "unreachable",
      reason: "server-error",
      status: 504,
    });
    daraja.answer(QUERY_PATH, () => HttpResponse.error());
    expect(await createDarajaClient(CONFIG).stkQuery(CHECKOUT)).toEqual({
      kind: "unreachable",
      reason: "network",
    });
  });
});

describe("C2B URL registration", () => {
  const REGISTERED = {
    OriginatorCoversationID: "6e86-45dd-91ac-fd5d4178ab523408729",
    ResponseCode: "0",
    ResponseDescription: "Success",
  };

  it.each(["v1", "v2"] as const)("registers the hook's URL for the Paybill on %s", async (v) => {
    daraja.answer(`/mpesa/c2b/${v}/registerurl`, () => HttpResponse.json(REGISTERED));
    const client = createDarajaClient({ ...CONFIG, c2bVersion: v });
    expect(await client.registerC2bUrls()).toEqual({
      kind: "registered",
      responseDescription: "Success",
    });
    expect(daraja.calls(`/mpesa/c2b/${v}/registerurl`)[0]?.body).toEqual({
      ShortCode: "600984",
      ResponseType: "Completed",
      ConfirmationURL: "https://site.test/hooks/mpesac2b/s3cret2",
      ValidationURL: "https://site.test/hooks/mpesac2b/s3cret2",
    });
  });

  it("tells an earlier registration, a wrong version and a missing secret apart", async () => {
    const client = createDarajaClient(CONFIG);
    daraja.answer("/mpesa/c2b/v2/registerurl", () =>
      envelope(500, "500.003.1001", "Urls are already registered"),
    );
    expect(await client.registerC2bUrls()).toMatchObject({ kind: "already-registered" });
    daraja.answer("/mpesa/c2b/v2/registerurl", () =>
      envelope(
        401,
        "401.003.01",
        "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
      ),
    );
    expect(await client.registerC2bUrls()).toMatchObject({
      kind: "rejected",
      errorCode: "401.003.01",
    });
    const unconfigured = createDarajaClient({ ...CONFIG, c2bCallbackUrl: undefined });
    expect(await unconfigured.registerC2bUrls()).toMatchObject({ kind: "unconfigured" });
  });
});

/** A body of `total` bytes served in 16 KB chunks, counting how much was read from it. */
function counted(total: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x41);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

describe("answers no contract promises", () => {
  it("reads HTML, text and broken JSON after a 200 as malformed, never an exception", async () => {
    const client = createDarajaClient(CONFIG);
    for (const body of [
      "<html><body>Maintenance</body></html>",
      "OK",
      '{"MerchantRequestID":',
      "[]",
      "null",
    ]) {
      daraja.answer(PUSH_PATH, () => new HttpResponse(body, { status: 200 }));
      expect(await client.stkPush(PUSH), body).toEqual({
        kind: "unreachable",
        reason: "malformed",
        status: 200,
      });
    }
    // Accepted, but without the ids to follow the push by: it may have gone out.
    daraja.answer(PUSH_PATH, () => HttpResponse.json({ ...ACCEPTED, CheckoutRequestID: "" }));
    expect(await client.stkPush(PUSH)).toEqual({
      kind: "unreachable",
      reason: "malformed",
      status: 200,
    });
    daraja.answer(PUSH_PATH, () => new HttpResponse("Not here", { status: 404 }));
    expect(await client.stkPush(PUSH)).toMatchObject({ kind: "rejected", errorCode: "http-404" });
  });

  it("stops reading a 1 MB answer at 64 KB, quickly", async () => {
    const body = counted(1024 * 1024);
    daraja.answer(PUSH_PATH, () => new HttpResponse(body.stream, { status: 200 }));
    const started = performance.now();
    expect(await createDarajaClient(CONFIG).stkPush(PUSH)).toEqual({
      kind: "unreachable",
      reason: "too-large",
      status: 200,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(body.state.pulled).toBeLessThan(BODY_LIMIT + 256 * 1024);
  });

  it("stops reading an endless answer, and refuses one announced as too large", async () => {
    const endless = counted(Number.POSITIVE_INFINITY);
    daraja.answer(PUSH_PATH, () => new HttpResponse(endless.stream, { status: 500 }));
    expect(await createDarajaClient(CONFIG).stkPush(PUSH)).toMatchObject({ reason: "too-large" });
    expect(endless.state.pulled).toBeLessThan(BODY_LIMIT + 256 * 1024);
    const announced = counted(1024 * 1024);
    daraja.answer(
      PUSH_PATH,
      () =>
        new HttpResponse(announced.stream, {
          status: 200,
          headers: { "Content-Length": String(1024 * 1024) },
        }),
    );
    expect(await createDarajaClient(CONFIG).stkPush(PUSH)).toMatchObject({ reason: "too-large" });
    expect(announced.state.pulled).toBeLessThan(BODY_LIMIT + 256 * 1024);
  });

  it("gives up on a silent Daraja at the deadline", async () => {
    const client = createDarajaClient(CONFIG, { timeoutMs: 300 });
    daraja.answer(PUSH_PATH, async () => {
      await delay("infinite");
      return HttpResponse.json(ACCEPTED);
    });
    const started = performance.now();
    expect(await client.stkPush(PUSH)).toEqual({ kind: "unreachable", reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(2000);
    daraja.answerToken(async () => {
      await delay("infinite");
      return daraja.issue();
    });
    expect(await createDarajaClient(CONFIG, { timeoutMs: 300 }).stkQuery(CHECKOUT)).toEqual({
      kind: "unreachable",
      reason: "timeout",
    });
  });
});
