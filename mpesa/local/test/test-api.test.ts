import { afterEach, describe, expect, it } from "vitest";
import { client, closeAll, PHONE, receiver, standIn } from "../testing.ts";

afterEach(closeAll);

async function api(
  base: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}/__standin${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe("the test API (/__standin/)", { timeout: 5_000 }, () => {
  it("chooses the next push's outcome, lists pushes and plans", async () => {
    const stand = await standIn();
    const hook = await receiver();
    const plan = { phone: PHONE, resultCode: 1, delayMs: 10, mode: "duplicate", balance: false };
    expect(await api(stand.url, "/next", plan)).toMatchObject({ status: 200 });
    expect((await api(stand.url, "/plans")).body[PHONE]).toMatchObject({
      resultCode: 1,
      mode: "duplicate",
    });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await hook.waitFor(2);
    const pushes = await api(stand.url, "/pushes");
    expect(pushes.body).toHaveLength(1);
    expect(pushes.body[0]).toMatchObject({ status: "resolved", resultCode: 1, resolvedBy: "test" });
  });

  it("resolves a pending push; 404 for an unknown one, 409 for a resolved one", async () => {
    const stand = await standIn();
    const id = String((await client(stand).push()).body.CheckoutRequestID);
    expect(
      await api(stand.url, "/resolve", { checkoutRequestId: id, resultCode: 0 }),
    ).toMatchObject({
      status: 200,
      body: { status: "resolved", resultCode: 0, receipt: expect.any(String) },
    });
    expect(
      (await api(stand.url, "/resolve", { checkoutRequestId: id, resultCode: 0 })).status,
    ).toBe(409);
    expect(
      (await api(stand.url, "/resolve", { checkoutRequestId: "ws_CO_no", resultCode: 0 })).status,
    ).toBe(404);
  });

  it("logs every exchange, both directions, request and response", async () => {
    const stand = await standIn();
    const hook = await receiver();
    stand.next(PHONE, { resultCode: 0 });
    await client(stand).push({ CallBackURL: `${hook.url}/cb` });
    await hook.waitFor(1);
    await new Promise((r) => setTimeout(r, 20));
    const { body } = await api(stand.url, "/exchanges");
    expect(
      body.map((e: { direction: string; kind: string }) => `${e.direction} ${e.kind}`),
    ).toEqual(["in oauth", "in stk-push", "out stk-callback"]);
    expect(body[1]).toMatchObject({
      status: 200,
      requestBody: expect.stringContaining("JD-2026-0001"),
    });
    expect(body[2]).toMatchObject({
      url: `${hook.url}/cb`,
      status: 200,
      requestHeaders: { "X-Forwarded-For": "196.201.214.200" },
      responseBody: '{"ResultCode":0,"ResultDesc":"Accepted"}',
    });
  });

  it("keeps the log bounded", async () => {
    const stand = await standIn({ exchangeLimit: 3 });
    const daraja = client(stand);
    for (let i = 0; i < 5; i++) await daraja.oauth(daraja.basic());
    expect(stand.exchanges().map((e) => e.id)).toEqual([3, 4, 5]);
  });

  it("pays a Paybill, changes settings and resets", async () => {
    const stand = await standIn();
    const hook = await receiver();
    await client(stand).register("v2", { ShortCode: "174379", ConfirmationURL: `${hook.url}/c` });
    const paid = await api(stand.url, "/paybill", {
      paybill: "174379",
      account: "JD-2026-0002",
      amount: 700,
      phone: "+254 708 374 149",
      wait: true,
    });
    expect(paid).toMatchObject({
      status: 200,
      body: { status: "confirmed", amount: 700, msisdn: PHONE },
    });
    expect(
      await api(stand.url, "/settings", { promptTimeoutMs: 1_000, validation: true }),
    ).toMatchObject({
      status: 200,
      body: { promptTimeoutMs: 1_000, validation: true },
    });
    expect((await api(stand.url, "/reset", {})).status).toBe(204);
    expect((await api(stand.url, "/payments")).body).toEqual([]);
    expect((await api(stand.url, "/registrations")).body).toEqual([]);
    expect((await api(stand.url, "/exchanges")).body).toEqual([]);
  });

  it.each([
    ["/next", { phone: "0708374149" }],
    ["/next", { phone: PHONE, resultCode: 42 }],
    ["/next", { phone: PHONE, mode: "sometimes" }],
    ["/next", { phone: PHONE, delayMs: -1 }],
    ["/settings", { promptTimeoutCode: 1032 }],
    ["/settings", { nope: 1 }],
    ["/paybill", { paybill: "174379", account: "A", amount: 0, phone: PHONE }],
  ])("refuses bad input to %s with 400 and a message", async (path, body) => {
    const stand = await standIn();
    const answer = await api(stand.url, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it("needs JSON for a POST, and refuses other sites", async () => {
    const stand = await standIn();
    const form = await fetch(`${stand.url}/__standin/reset`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(form.status).toBe(415);
    const cross = await api(stand.url, "/reset", {}, { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await api(stand.url, "/nothing")).status).toBe(404);
  });
});
