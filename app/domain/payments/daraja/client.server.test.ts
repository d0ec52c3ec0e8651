import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_PASSKEY } from "~/infra/mpesa-env";
import { createDarajaClient, type StkPushInput } from "./client.server";
import { stkPassword } from "./clock";
import type { DarajaConfig } from "./config.server";

/**
 * The Daraja client against Daraja's answers as ../shared/mpesa-daraja.md records them,
 * served by MSW: every call's path, headers and body, the token's life, and every odd answer
 * (error envelopes, HTML, 1 MB and endless bodies, silence) as a typed result in bounded time.
 */
const BASE = "https://daraja.test";
const config: DarajaConfig = {
  baseUrl: BASE,
  local: false,
  consumerKey: "key",
  consumerSecret: "secret",
  shortcode: "174379",
  passkey: SANDBOX_PASSKEY,
  transactionType: "CustomerPayBillOnline",
  partyB: "174379",
  paybill: "600984",
  c2bVersion: "v2",
  stkCallbackUrl: "https://site.test/hooks/mpesa/s3cret",
  c2bCallbackUrl: "https://site.test/hooks/mpesac2b/s3cret2",
};
const push: StkPushInput = {
  phone: "254708374149",
  amountCents: 1500,
  accountReference: "JD-2026-0001",
  description: "Invoice",
};
const ACCEPTED = {
  MerchantRequestID: "2654-4b64-97ff-b827b542881d3130",
  CheckoutRequestID: "ws_CO_1007202409152617172396192",
  ResponseCode: "0",
  ResponseDescription: "Success. Request accepted for processing",
  CustomerMessage: "Success. Request accepted for processing",
};

const envelope = (status: number, errorCode: string, errorMessage: string) =>
  HttpResponse.json({ requestId: "11259-2330641-1", errorCode, errorMessage }, { status });

let tokensIssued = 0;
let tokenAnswer: () => Response | Promise<Response>;
/** The token requests' Authorization headers. */
const tokenAuth: string[] = [];
const pushes: { auth: string | null; contentType: string | null; body: Record<string, unknown> }[] =
  [];
let pushAnswer: (token: string) => Response | Promise<Response>;

const server = setupServer(
  http.get(`${BASE}/oauth/v1/generate`, async ({ request }) => {
    tokenAuth.push(request.headers.get("authorization") ?? "");
    if (new URL(request.url).searchParams.get("grant_type") !== "client_credentials") {
      return envelope(400, "400.008.02", "Invalid grant type passed");
    }
    return tokenAnswer();
  }),
  http.post(`${BASE}/mpesa/stkpush/v1/processrequest`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const auth = request.headers.get("authorization");
    pushes.push({ auth, contentType: request.headers.get("content-type"), body });
    return pushAnswer(auth?.replace(/^Bearer /, "") ?? "");
  }),
);

/** Daraja's token answer: a new token each time, `expires_in` as Daraja writes it. */
const issue = (expiresIn: string | number = "3599") => {
  tokensIssued += 1;
  return HttpResponse.json({ access_token: `token-${tokensIssued}`, expires_in: expiresIn });
};

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  tokensIssued = 0;
  tokenAuth.length = 0;
  pushes.length = 0;
  tokenAnswer = () => issue();
  pushAnswer = () => HttpResponse.json(ACCEPTED);
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

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
    expect(tokenAuth).toEqual([`Basic ${Buffer.from("key:secret").toString("base64")}`]);
    const [sent] = pushes;
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
    expect(pushes).toEqual([]);
    expect(tokensIssued).toBe(0);
  });

  it("reads a phone with a transaction in progress as busy", async () => {
    pushAnswer = () =>
      envelope(
        500,
        "500.001.1001",
        "Unable to lock subscriber, a transaction is already in process for the current subscriber",
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
    pushAnswer = () => envelope(status, errorCode, errorMessage);
    expect(await createDarajaClient(config).stkPush(push)).toEqual({
      kind: "rejected",
      errorCode,
      errorMessage,
      requestId: "11259-2330641-1",
    });
  });

  it("returns a 200 with a non-zero ResponseCode as a rejection", async () => {
    pushAnswer = () =>
      HttpResponse.json({ ...ACCEPTED, ResponseCode: "1", ResponseDescription: "Rejected" });
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
    tokenAnswer = () => envelope(400, errorCode, errorMessage);
    expect(await createDarajaClient(config).stkPush(push)).toMatchObject({
      kind: "rejected",
      errorCode,
    });
    expect(pushes).toEqual([]);
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
    expect(tokensIssued).toBe(1);
    vi.setSystemTime(new Date("2026-11-29T12:59:00Z"));
    await client.stkPush(push);
    expect(tokensIssued).toBe(2);
    expect(pushes.map((p) => p.auth)).toEqual([
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("reads expires_in as a number too, and a short life is kept a tenth less", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T12:00:00Z"));
    tokenAnswer = () => issue(100);
    const client = createDarajaClient(config);
    await client.stkPush(push);
    vi.setSystemTime(new Date("2026-11-29T12:01:29Z"));
    await client.stkPush(push);
    expect(tokensIssued).toBe(1);
    vi.setSystemTime(new Date("2026-11-29T12:01:30Z"));
    await client.stkPush(push);
    expect(tokensIssued).toBe(2);
  });

  it("is fetched once for callers arriving together", async () => {
    tokenAnswer = async () => {
      await delay(50);
      return issue();
    };
    const client = createDarajaClient(config);
    const results = await Promise.all(Array.from({ length: 8 }, () => client.stkPush(push)));
    expect(results.every((r) => r.kind === "accepted")).toBe(true);
    expect(tokensIssued).toBe(1);
    expect(new Set(pushes.map((p) => p.auth))).toEqual(new Set(["Bearer token-1"]));
  });

  it("is renewed once when Daraja calls it invalid (404.001.03)", async () => {
    pushAnswer = (token) =>
      token === "token-1"
        ? envelope(404, "404.001.03", "Invalid Access Token")
        : HttpResponse.json(ACCEPTED);
    const client = createDarajaClient(config);
    expect((await client.stkPush(push)).kind).toBe("accepted");
    expect(pushes.map((p) => p.auth)).toEqual(["Bearer token-1", "Bearer token-2"]);
    // The new token is kept.
    await client.stkPush(push);
    expect(tokensIssued).toBe(2);
  });

  it("is renewed only once: a second 404.001.03 is the answer", async () => {
    pushAnswer = () => envelope(404, "404.001.03", "Invalid Access Token");
    expect(await createDarajaClient(config).stkPush(push)).toMatchObject({
      kind: "rejected",
      errorCode: "404.001.03",
    });
    expect(pushes).toHaveLength(2);
    expect(tokensIssued).toBe(2);
  });

  it("is not kept when OAuth answers without one, and a failed fetch is retried by the next caller", async () => {
    tokenAnswer = () => new HttpResponse("<html>Bad gateway</html>", { status: 502 });
    const client = createDarajaClient(config);
    expect(await client.stkPush(push)).toEqual({
      kind: "unreachable",
      reason: "server-error",
      status: 502,
    });
    tokenAnswer = () => HttpResponse.json({ expires_in: "3599" });
    expect(await client.stkPush(push)).toMatchObject({ kind: "unreachable", reason: "malformed" });
    tokenAnswer = () => issue();
    expect((await client.stkPush(push)).kind).toBe("accepted");
  });
});
