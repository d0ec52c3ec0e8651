/**
 * The M-Pesa hooks on the production server with its local Daraja stand-in (issue 43, items 5
 * and 8): a Paybill payment made on the stand-in reaches the site and is recorded once,
 * unverified, with the account as typed, and the server's job asks Transaction Status, whose
 * Result verifies it; a forged STK callback with the right secret and an
 * unknown request is kept and changes nothing, however often it is replayed at once; a wrong
 * secret is a 404 and a 1 MB body a 413 at once, without the server holding it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../support/site";

const STK_SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef";
const C2B_SECRET = "fedcba9876543210fedcba9876543210fedcba9876543210";

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({
    env: { HOOK_MPESA_SECRET: STK_SECRET, HOOK_MPESAC2B_SECRET: C2B_SECRET },
  });
});
afterAll(async () => site?.stop());

const post = (path: string, body: string) =>
  fetch(site.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "196.201.214.200" },
    body,
  });

async function paymentsWithAccount(account: string) {
  const { data, error } = await site.service
    .from("payments")
    .select("method, amount_cents, mpesa_receipt, account_reference, verified_at, organisation_id")
    .eq("account_reference", account);
  if (error) throw new Error(error.message);
  return data;
}

const standInSettings = (settings: Record<string, unknown>) =>
  fetch(`${site.darajaUrl}/__standin/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });

async function statusQueries(): Promise<{ request: { transactionId: string } }[]> {
  return (await fetch(`${site.darajaUrl}/__standin/statuses`)).json();
}

/** Polls `check` until it returns true, for at most 10 s. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in 10 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a Paybill payment on the stand-in", () => {
  it("is recorded once, unverified and unmatched, with the account as the payer typed it", async () => {
    // Transaction Status is asked and never answers: the payment stays unverified.
    expect((await standInSettings({ statusAnswer: "none" })).status).toBe(200);
    const account = "jd 2099 0001";
    const answer = await fetch(`${site.darajaUrl}/__standin/paybill`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        paybill: "174379",
        account,
        amount: 1500,
        phone: "254708374149",
        wait: true,
      }),
    });
    expect(answer.status).toBeLessThan(300);
    const deadline = Date.now() + 5_000;
    let payments = await paymentsWithAccount(account);
    while (payments.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      payments = await paymentsWithAccount(account);
    }
    expect(payments).toEqual([
      expect.objectContaining({
        method: "mpesa_paybill",
        amount_cents: 150_000,
        verified_at: null,
        organisation_id: null,
      }),
    ]);
    // The same confirmation again (Daraja repeats them): nothing more.
    const { data: stored } = await site.service
      .from("webhook_deliveries")
      .select("body")
      .eq("hook", "mpesac2b")
      .eq("delivery_id", payments[0]?.mpesa_receipt as string)
      .single();
    expect((await post(`/hooks/mpesac2b/${C2B_SECRET}`, stored?.body as string)).status).toBe(200);
    expect(await paymentsWithAccount(account)).toHaveLength(1);
    // The server's job asked M-Pesa about it, once.
    const transId = payments[0]?.mpesa_receipt as string;
    await eventually(async () =>
      (await statusQueries()).some((q) => q.request.transactionId === transId),
    );
    expect((await paymentsWithAccount(account))[0]?.verified_at).toBeNull();
  });

  it("is verified by the Transaction Status Result the server's job asked for", async () => {
    expect((await standInSettings({ statusAnswer: "result" })).status).toBe(200);
    const account = "jd 2099 0002";
    const answer = await fetch(`${site.darajaUrl}/__standin/paybill`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paybill: "174379", account, amount: 700, phone: "0708374149" }),
    });
    expect(answer.status).toBe(200);
    await eventually(async () => {
      const [payment] = await paymentsWithAccount(account);
      return !!payment?.verified_at;
    });
    expect(await paymentsWithAccount(account)).toEqual([
      expect.objectContaining({ amount_cents: 70_000, organisation_id: null }),
    ]);
  });
});

describe("forged and hostile deliveries", () => {
  const forged = JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_forged_0001",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: 116000 },
            { Name: "MpesaReceiptNumber", Value: "TKF0RG3D02" },
          ],
        },
      },
    },
  });

  it("with the right secret but an unknown request: kept once, even replayed ten times at once, and nothing paid", async () => {
    const before = await site.countRows("payments");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/hooks/mpesa/${STK_SECRET}`, forged)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const { count } = await site.service
      .from("webhook_deliveries")
      .select("id", { count: "exact", head: true })
      .eq("hook", "mpesa")
      .eq("delivery_id", "ws_CO_forged_0001");
    expect(count).toBe(1);
    expect(await site.countRows("payments")).toBe(before);
  });

  it("without the secret: 404; 1 MB: 413 at once, the server's memory unchanged", async () => {
    expect(
      (await post("/hooks/mpesa/not-the-secret-at-all-but-long-enough-0000", forged)).status,
    ).toBe(404);
    const rss = site.rss();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`/hooks/mpesa/${STK_SECRET}`, `{"pad":"${"a".repeat(1024 * 1024)}"}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(413));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(site.rss() - rss).toBeLessThan(32 * 1024 * 1024);
  });
});
