import { delay, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { SANDBOX_PASSKEY } from "~/infra/mpesa-env";
import {
  ACCEPTED,
  CONFIG as config,
  envelope,
  fakeDaraja,
  PUSH_PATH,
  PUSH as push,
} from "../../../../test/support/daraja-msw";
import { createDarajaClient, type StkPushInput } from "./client.server";
import { stkPassword } from "./clock";

/**
 * The Daraja client's pushes and token against Daraja's answers as its portal and integrators
 * record them (served by MSW): each call's path, headers and body, the token's life, and every
 * documented error envelope as a typed result.
 */
const daraja = fakeDaraja();
const pushes = () => daraja.calls(PUSH_PATH);
const answerPush = (answer: (token: string) => Response | Promise<Response>) =>
  daraja.answer(PUSH_PATH, ({ token }) => answer(token));

describe("STK push", () => {
  it("sends the contract's request and returns the accepted push", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T21:30:05Z"));
    const result = await createDarajaClient(config).stkPush(push);
    expect(result).toEqual({
      kind: "accepted",
      merchantRequestId: ACCEPTED.MerchantRequestID,
      checkoutRequestId: ACCEPTED.CheckoutRequestID,
      customerMessage: ACCEPTED.CustomerMessage,
    });
    expect(daraja.tokenAuth).toEqual([`Basic ${Buffer.from("key:secret").toString("base64")}`]);
    const [sent] = pushes();
    expect(sent?.auth).toBe("Bearer token-1");
    expect(sent?.contentType).toBe("application/json");
    // 21:30 UTC is 00:30 the next day in Nairobi.
    expect(sent?.body).toEqual({
      BusinessShortCode: "174379",
      Password: stkPassword("174379", SANDBOX_PASSKEY, "20261130003005"),
      Timestamp: "20261130003005",
      TransactionType: "CustomerPayBillOnline",
      Amount: "15",
      PartyA: "254708374149",
      PartyB: "174379",
      PhoneNumber: "254708374149",
      CallBackURL: "https://site.test/hooks/mpesa/s3cret",
      AccountReference: "JD-2026-0001",
      TransactionDesc: "Invoice",
    });
  });

  it("refuses, without asking Daraja, what the contract refuses", async () => {
    const client = createDarajaClient(config);
    const refused = async (patch: Partial<StkPushInput>) => {
      const result = await client.stkPush({ ...push, ...patch });
      return result.kind === "invalid" ? result.field : result.kind;
    };
    expect(await refused({ phone: "0708374149" })).toBe("phone");
    expect(await refused({ phone: "255708374149" })).toBe("phone");
    expect(await refused({ amountCents: 1550 })).toBe("amountCents");
    expect(await refused({ amountCents: 0 })).toBe("amountCents");
    expect(await refused({ amountCents: 15.5 })).toBe("amountCents");
    expect(await refused({ amountCents: 25_000_100 })).toBe("amountCents");
    expect(await refused({ accountReference: "JD-2026-00001" })).toBe("accountReference");
    expect(await refused({ accountReference: "" })).toBe("accountReference");
    expect(await refused({ accountReference: "JD\n2026" })).toBe("accountReference");
    expect(await refused({ description: "Invoice JD-2026" })).toBe("description");
    expect(await refused({ description: "" })).toBe("description");
    const unconfigured = await createDarajaClient({ ...config, stkCallbackUrl: undefined }).stkPush(
      push,
    );
    expect(unconfigured.kind).toBe("unconfigured");
    expect(pushes()).toEqual([]);
    expect(daraja.tokensIssued).toBe(0);
  });

  it("reads a phone with a transaction in progress as busy", async () => {
    answerPush(() =>
      envelope(
        500,
        "500.001.1001",
        "Unable to lock subscriber, a transaction is already in process for the current subscriber",
      ),
    );
    expect(await createDarajaClient(config).stkPush(push)).toMatchObject({
      kind: "busy",
      errorCode: "500.001.1001",
    });
  });

  it.each([
    [400, "400.002.02", "Bad Request - Invalid PhoneNumber"],
    [400, "400.002.02", "Bad Request - Invalid Amount"],
    [400, "400.002.02", "Bad Request - Invalid Timestamp"],
    [400, "400.002.02", "Bad Request - Invalid CallBackURL"],
    [400, "400.002.02", "Bad Request - Invalid BusinessShortCode"],
    [400, "400.002.05", "Invalid Request Payload"],
    [404, "404.001.04", "Invalid Authentication Header"],
    [
      401,
      "401.003.01",
      "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
    ],
    [404, "404.001.01", "Resource not found"],
    [405, "405.001", "Method Not Allowed"],
    [500, "500.001.1001", "Wrong credentials"],
    [500, "500.001.1001", "Merchant does not exist"],
    [500, "500.003.02", "Error Occurred: Spike Arrest Violation"],
    [500, "500.003.03", "Error Occurred: Quota Violation"],
  ])("returns Daraja's %s %s (%s) as a rejection", async (status, errorCode, errorMessage) => {
    answerPush(() => envelope(status, errorCode, errorMessage));
    expect(await createDarajaClient(config).stkPush(push)).toEqual({
      kind: "rejected",
      errorCode,
      errorMessage,
      requestId: "11259-2330641-1",
    });
  });

  it("returns a 200 with a non-zero ResponseCode as a rejection", async () => {
    answerPush(() =>
      HttpResponse.json({ ...ACCEPTED, ResponseCode: "1", ResponseDescription: "Rejected" }),
    );
    expect(await createDarajaClient(config).stkPush(push)).toEqual({
      kind: "rejected",
      errorCode: "1",
      errorMessage: "Rejected",
    });
  });

  it.each([
    ["400.008.01", "Invalid Authentication passed"],
    ["400.008.02", "Invalid grant type passed"],
  ])("returns OAuth's %s as a rejection, without pushing", async (errorCode, errorMessage) => {
    daraja.answerToken(() => envelope(400, errorCode, errorMessage));
    expect(await createDarajaClient(config).stkPush(push)).toMatchObject({
      kind: "rejected",
      errorCode,
    });
    expect(pushes()).toEqual([]);
  });
});

describe("the OAuth token", () => {
  it("is kept until a minute before it expires, then fetched again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T12:00:00Z"));
    const client = createDarajaClient(config);
    await client.stkPush(push);
    vi.setSystemTime(new Date("2026-11-29T12:58:58Z"));
    await client.stkPush(push);
    expect(daraja.tokensIssued).toBe(1);
    vi.setSystemTime(new Date("2026-11-29T12:59:00Z"));
    await client.stkPush(push);
    expect(daraja.tokensIssued).toBe(2);
    expect(pushes().map((p) => p.auth)).toEqual([
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("reads expires_in as a number too, and a short life is kept a tenth less", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T12:00:00Z"));
    daraja.answerToken(() => daraja.issue(100));
    const client = createDarajaClient(config);
    await client.stkPush(push);
    vi.setSystemTime(new Date("2026-11-29T12:01:29Z"));
    await client.stkPush(push);
    expect(daraja.tokensIssued).toBe(1);
    vi.setSystemTime(new Date("2026-11-29T12:01:30Z"));
    await client.stkPush(push);
    expect(daraja.tokensIssued).toBe(2);
  });

  it("is fetched once for callers arriving together", async () => {
    daraja.answerToken(async () => {
      await delay(50);
      return daraja.issue();
    });
    const client = createDarajaClient(config);
    const results = await Promise.all(Array.from({ length: 8 }, () => client.stkPush(push)));
    expect(results.every((r) => r.kind === "accepted")).toBe(true);
    expect(daraja.tokensIssued).toBe(1);
    expect(new Set(pushes().map((p) => p.auth))).toEqual(new Set(["Bearer token-1"]));
  });

  it("is renewed once when Daraja calls it invalid (404.001.03)", async () => {
    answerPush((token) =>
      token === "token-1"
        ? envelope(404, "404.001.03", "Invalid Access Token")
        : HttpResponse.json(ACCEPTED),
    );
    const client = createDarajaClient(config);
    expect((await client.stkPush(push)).kind).toBe("accepted");
    expect(pushes().map((p) => p.auth)).toEqual(["Bearer token-1", "Bearer token-2"]);
    // The new token is kept.
    await client.stkPush(push);
    expect(daraja.tokensIssued).toBe(2);
  });

  it("is renewed only once: a second 404.001.03 is the answer", async () => {
    answerPush(() => envelope(404, "404.001.03", "Invalid Access Token"));
    expect(await createDarajaClient(config).stkPush(push)).toMatchObject({
      kind: "rejected",
      errorCode: "404.001.03",
    });
    expect(pushes()).toHaveLength(2);
    expect(daraja.tokensIssued).toBe(2);
  });

  it("is not kept when OAuth answers without one, and a failed fetch is retried by the next caller", async () => {
    daraja.answerToken(() => new HttpResponse("<html>Bad gateway</html>", { status: 502 }));
    const client = createDarajaClient(config);
    expect(await client.stkPush(push)).toEqual({
      kind: "unreachable",
      reason: "server-error",
      status: 502,
    });
    daraja.answerToken(() => HttpResponse.json({ expires_in: "3599" }));
    expect(await client.stkPush(push)).toMatchObject({ kind: "unreachable", reason: "malformed" });
    daraja.answerToken(() => daraja.issue());
    expect((await client.stkPush(push)).kind).toBe("accepted");
  });
});
