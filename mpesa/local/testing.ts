/**
 * For tests (`@jenga/daraja-local/testing`): a stand-in per test, a callback receiver that
 * records what it is posted, and a small Daraja client speaking the wire format directly. What
 * they start is closed by `closeAll` (call it in `afterEach`).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { type DarajaStandIn, type DarajaStandInOptions, startDarajaStandIn } from "./index.ts";

const open: { close(): Promise<void> }[] = [];

/**
 * Closes what the test started: each file calls `afterEach(closeAll)` (a hook registered here
 * would run for the first file only, as test files share modules: vitest.config.ts `isolate`).
 */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((item) => item.close()));
}

/** A stand-in closed after the test, with short timings unless the test says otherwise. */
export async function standIn(options: DarajaStandInOptions = {}): Promise<DarajaStandIn> {
  const started = await startDarajaStandIn({
    ...options,
    settings: {
      lateMs: 300,
      retryDelaysMs: [50, 100, 150],
      callbackTimeoutMs: 2_000,
      ...options.settings,
    },
  });
  open.push(started);
  return started;
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

/**
 * An HTTP server recording every POST; `answer(received, index)` decides each reply (default
 * 200 `{"ResultCode":0,"ResultDesc":"Accepted"}`).
 */
export async function receiver(
  answer: (
    received: Received,
    index: number,
  ) => { status: number; body?: unknown; delayMs?: number } = () => ({
    status: 200,
  }),
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const item: Received = {
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
        at: Date.now(),
      };
      received.push(item);
      const reply = answer(item, received.length - 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(reply.body ?? { ResultCode: 0, ResultDesc: "Accepted" }));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle = {
    url,
    received,
    /** Resolves once `count` posts arrived; fails after `ms`. */
    async waitFor(count: number, ms = 3_000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} posts, got ${received.length} in ${ms} ms`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  open.push(handle);
  return handle;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const PHONE = "254708374149";
export const TIMESTAMP = "20261129103000";

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Where a client finds a stand-in: a started one, or one another process started. */
export type StandInAddress = Pick<
  DarajaStandIn,
  "url" | "consumerKey" | "consumerSecret" | "shortcode" | "passkey"
>;

/** A Daraja client for `daraja`: raw calls plus the usual ones with valid defaults. */
export function client(daraja: StandInAddress) {
  let token: string | undefined;
  const password = (timestamp = TIMESTAMP, shortcode = daraja.shortcode) =>
    Buffer.from(`${shortcode}${daraja.passkey}${timestamp}`).toString("base64");
  const call = async (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> => {
    const response = await fetch(`${daraja.url}${path}`, {
      method: init.method ?? "POST",
      headers: init.headers,
      body:
        typeof init.body === "string" || init.body === undefined
          ? init.body
          : JSON.stringify(init.body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  const oauth = (authorization?: string, grant = "client_credentials") =>
    call(`/oauth/v1/generate?grant_type=${grant}`, {
      method: "GET",
      headers: authorization ? { Authorization: authorization } : {},
    });
  const basic = (key = daraja.consumerKey, secret = daraja.consumerSecret) =>
    `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;
  const bearer = async () => {
    token ??= String((await oauth(basic())).body.access_token);
    return token;
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      body,
      headers: {
        Authorization: `Bearer ${await bearer()}`,
        "Content-Type": "application/json",
        ...headers,
      },
    });
  const pushBody = (overrides: Record<string, unknown> = {}) => ({
    BusinessShortCode: 174379,
    Password: password(),
    Timestamp: TIMESTAMP,
    TransactionType: "CustomerPayBillOnline",
    Amount: "1500",
    PartyA: PHONE,
    PartyB: "174379",
    PhoneNumber: PHONE,
    CallBackURL: "http://127.0.0.1:9/callback",
    AccountReference: "JD-2026-0001",
    TransactionDesc: "Invoice",
    ...overrides,
  });
  return {
    call,
    oauth,
    basic,
    bearer,
    post,
    password,
    pushBody,
    push: (overrides: Record<string, unknown> = {}) =>
      post("/mpesa/stkpush/v1/processrequest", pushBody(overrides)),
    query: (checkoutRequestId: string) =>
      post("/mpesa/stkpushquery/v1/query", {
        BusinessShortCode: "174379",
        Password: password(),
        Timestamp: TIMESTAMP,
        CheckoutRequestID: checkoutRequestId,
      }),
    register: (version: "v1" | "v2", body: Record<string, unknown>) =>
      post(`/mpesa/c2b/${version}/registerurl`, {
        ShortCode: "600984",
        ResponseType: "Completed",
        ...body,
      }),
    /** A Transaction Status query with valid fields (any base64 credential is accepted). */
    transactionStatus: (body: Record<string, unknown>) =>
      post("/mpesa/transactionstatus/v1/query", {
        Initiator: "testapi",
        SecurityCredential: Buffer.from("local-initiator-password").toString("base64"),
        CommandID: "TransactionStatusQuery",
        PartyA: daraja.shortcode,
        IdentifierType: "4",
        ResultURL: "http://127.0.0.1:9/result",
        QueueTimeOutURL: "http://127.0.0.1:9/timeout",
        Remarks: "Paybill verification",
        Occasion: "",
        ...body,
      }),
    simulate: (version: "v1" | "v2", body: Record<string, unknown> = {}) =>
      post(`/mpesa/c2b/${version}/simulate`, {
        ShortCode: 600984,
        CommandID: "CustomerPayBillOnline",
        Amount: 1500,
        Msisdn: 254708374149,
        BillRefNumber: "JD-2026-0001",
        ...body,
      }),
  };
}

/** Polls `check` every 10 ms until it returns a value, for at most `ms`. */
export async function eventually<T>(check: () => T | undefined, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms`);
    await sleep(10);
  }
}
