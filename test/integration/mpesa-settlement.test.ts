/**
 * M-Pesa Express end to end through the local Daraja stand-in (issue 43, items 4, 5 and 8;
 * decision 019): the client asks for a prompt (requestPush, as the invoice page does), the
 * stand-in answers and posts its callback to the webhook lane's handler, and the check job —
 * the runner's, run here as the runner would — settles the push only after STK Push Query.
 * Every result code the stand-in offers, a duplicate callback, a missing one, one before the
 * push's answer, a forged one for an unknown request and one with a wrong amount.
 */
import { type DarajaStandIn, startDarajaStandIn } from "@jenga/daraja-local";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiveHookDelivery } from "~/domain/hooks/receive.server";
import type { ClaimedJob } from "~/domain/jobs/store";
import { pushCheckJob } from "~/domain/payments/push-check-job.server";
import { requestPush } from "~/domain/payments/pushes.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { backendWithAdmin, createUser, serviceClient, signedInClient } from "../support/backend";
import { startHookLane } from "../support/hook-lane";

const site = backendWithAdmin();
const SECRET = "s".repeat(40);
let daraja: DarajaStandIn;
let lane: Awaited<ReturnType<typeof startHookLane>> | undefined;

beforeAll(async () => {
  daraja = await startDarajaStandIn({ settings: { callbackTimeoutMs: 2_000 } });
  lane = await startHookLane(SECRET);
  const { origin } = lane;
  Object.assign(process.env, {
    MPESA_BASE_URL: daraja.url,
    MPESA_CONSUMER_KEY: daraja.consumerKey,
    MPESA_CONSUMER_SECRET: daraja.consumerSecret,
    HOOK_MPESA_SECRET: SECRET,
    HOOK_MPESAC2B_SECRET: SECRET,
    MPESA_CALLBACK_ORIGIN: origin,
  });
});

afterAll(async () => {
  for (const key of [
    "MPESA_BASE_URL",
    "MPESA_CONSUMER_KEY",
    "MPESA_CONSUMER_SECRET",
    "HOOK_MPESA_SECRET",
    "HOOK_MPESAC2B_SECRET",
    "MPESA_CALLBACK_ORIGIN",
  ]) {
    delete process.env[key];
  }
  await daraja?.close();
  await lane?.close();
});

const agencyToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(new Date());

let phoneSeq = 0;
/** A phone of its own per test (the limit is three prompts per phone in ten minutes). */
const nextPhone = () => `2547${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

/** A client's owner, signed in, and an issued invoice of KES 1,000 + 16 % VAT = KES 1,160. */
async function invoiceToPay() {
  const service = serviceClient(site.backend);
  const { data: organisation } = await service
    .from("organisations")
    .insert({ name: "Duka Bora" })
    .select("id")
    .single();
  const owner = await createUser(site.backend);
  await service
    .from("organisation_members")
    .insert({ organisation_id: organisation?.id, user_id: owner.id, role: "owner" });
  const { data: invoice } = await service
    .from("invoices")
    .insert({ organisation_id: organisation?.id, title: "Website" })
    .select("id")
    .single();
  await service
    .from("invoice_lines")
    .insert({ invoice_id: invoice?.id, description: "Design", unit_price_cents: 100_000 });
  const issued = await service.rpc("issue_invoice", {
    p_invoice: invoice?.id,
    p_today: agencyToday(),
  });
  expect(issued.error).toBeNull();
  return {
    invoiceId: invoice?.id as number,
    client: (await signedInClient(site.backend, owner)) as unknown as AppSupabase,
    phone: nextPhone(),
  };
}

/** Runs the push's check job as the runner would. */
async function check(push: number) {
  const job = { id: 0, kind: "mpesa.check", payload: { push }, attempts: 1, max_attempts: 20 };
  return pushCheckJob.run(job as ClaimedJob, new AbortController().signal);
}

async function pushRow(id: number) {
  const { data } = await serviceClient(site.backend)
    .from("mpesa_pushes")
    .select("status, outcome, result_code, flag_reason")
    .eq("id", id)
    .single();
  return data;
}

async function ledger(invoiceId: number) {
  const service = serviceClient(site.backend);
  const { data: invoice } = await service
    .from("invoices")
    .select("paid_cents, status")
    .eq("id", invoiceId)
    .single();
  const { data: allocations } = await service
    .from("payment_allocations")
    .select("payment_id, amount_cents")
    .eq("invoice_id", invoiceId);
  const ids = (allocations ?? []).map((row) => row.payment_id);
  const { data: payments } = await service
    .from("payments")
    .select("mpesa_receipt, amount_cents, verified_at")
    .in("id", ids.length ? ids : [0]);
  return { invoice, payments: payments ?? [] };
}

/** Waits until the lane has stored `count` callbacks for the checkout request. */
async function callbacksStored(checkout: string, count = 1) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { count: stored } = await serviceClient(site.backend)
      .from("webhook_deliveries")
      .select("id", { count: "exact", head: true })
      .eq("hook", "mpesa")
      .eq("delivery_id", checkout);
    if ((stored ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`no callback stored for ${checkout}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function start(plan: Parameters<DarajaStandIn["next"]>[1]) {
  const { invoiceId, client, phone } = await invoiceToPay();
  daraja.next(phone, plan);
  const answer = await requestPush(client, {
    invoiceId,
    phoneText: `+${phone}`,
    amountCents: 116_000,
  });
  if (answer.kind !== "started") throw new Error(`push not started: ${JSON.stringify(answer)}`);
  const { data } = await serviceClient(site.backend)
    .from("mpesa_pushes")
    .select("checkout_request_id")
    .eq("id", answer.pushId)
    .single();
  return {
    invoiceId,
    client,
    phone,
    push: answer.pushId,
    checkout: data?.checkout_request_id as string,
  };
}

describe("a prompt the client answers", () => {
  it("is paid only once STK Push Query confirms the callback: one verified payment with the receipt, the invoice paid", async () => {
    const { invoiceId, push, checkout } = await start({ resultCode: 0, mode: "duplicate" });
    await callbacksStored(checkout);
    // The callback alone changed nothing.
    expect((await pushRow(push))?.status).toBe("pending");
    expect((await ledger(invoiceId)).payments).toEqual([]);
    await check(push);
    await check(push);
    const { invoice, payments } = await ledger(invoiceId);
    expect(await pushRow(push)).toMatchObject({ status: "paid", outcome: "paid" });
    expect(invoice).toEqual({ paid_cents: 116_000, status: "paid" });
    expect(payments).toHaveLength(1);
    expect(payments[0]?.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(payments[0]?.verified_at).not.toBeNull();
  });

  for (const [code, outcome] of [
    [1, "insufficient_funds"],
    [1019, "timed_out"],
    [1025, "failed"],
    [1032, "cancelled"],
    [1037, "timed_out"],
    [2001, "wrong_pin"],
  ] as const) {
    it(`${code}: fails as ${outcome}, nothing paid`, async () => {
      const { invoiceId, push, checkout } = await start({ resultCode: code });
      await callbacksStored(checkout);
      await check(push);
      expect(await pushRow(push)).toMatchObject({
        status: "failed",
        outcome,
        result_code: String(code),
      });
      expect((await ledger(invoiceId)).invoice).toEqual({ paid_cents: 0, status: "issued" });
    });
  }
});

describe("a callback that misbehaves", () => {
  it("never comes: the query job settles the push without a receipt", async () => {
    const { invoiceId, push } = await start({ resultCode: 0, mode: "none" });
    await new Promise((r) => setTimeout(r, 100));
    await check(push);
    const { invoice, payments } = await ledger(invoiceId);
    expect(invoice?.status).toBe("paid");
    expect(payments).toEqual([
      expect.objectContaining({ mpesa_receipt: null, amount_cents: 116_000 }),
    ]);
  });

  it("comes before the push's answer: kept by the lane and used once the push knows its id", async () => {
    const { invoiceId, push, checkout } = await start({ resultCode: 0, mode: "before-response" });
    await callbacksStored(checkout);
    await check(push);
    const { payments } = await ledger(invoiceId);
    expect(payments[0]?.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
  });

  it("is forged: an unknown request is kept and ignored; a known one with another amount is flagged, not paid", async () => {
    const forged = (checkout: string, merchant: string, amount: number) => {
      const payload = {
        Body: {
          stkCallback: {
            MerchantRequestID: merchant,
            CheckoutRequestID: checkout,
            ResultCode: 0,
            ResultDesc: "The service request is processed successfully.",
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: amount },
                { Name: "MpesaReceiptNumber", Value: "TKF0RG3D01" },
                { Name: "TransactionDate", Value: 20261129103000 },
                { Name: "PhoneNumber", Value: 254708374149 },
              ],
            },
          },
        },
      };
      return receiveHookDelivery({
        hook: "mpesa",
        body: JSON.stringify(payload),
        payload,
        sourceIp: "203.0.113.9",
      });
    };
    expect(await forged("ws_CO_unknown", "1-2-3", 1160)).toBe("stored");
    // A prompt nobody answers yet, and a forged "paid" callback for it for KES 1.
    const { invoiceId, push, checkout } = await start({ resultCode: "none" });
    const { data } = await serviceClient(site.backend)
      .from("mpesa_pushes")
      .select("merchant_request_id")
      .eq("id", push)
      .single();
    expect(await forged(checkout, data?.merchant_request_id as string, 1)).toBe("stored");
    await check(push);
    expect(await pushRow(push)).toMatchObject({ status: "flagged" });
    expect((await ledger(invoiceId)).invoice).toEqual({ paid_cents: 0, status: "issued" });
    // Replayed: nothing more happens.
    expect(await forged(checkout, data?.merchant_request_id as string, 1)).toBe("duplicate");
  });
});

describe("prompts to one phone", () => {
  it("are refused past three in ten minutes, with the real wait", async () => {
    const phone = nextPhone();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const { invoiceId, client } = await invoiceToPay();
      daraja.next(phone, { resultCode: 1032 });
      answers.push(
        await requestPush(client, { invoiceId, phoneText: phone, amountCents: 116_000 }),
      );
    }
    expect(answers.slice(0, 3).map((a) => a.kind)).toEqual(["started", "started", "started"]);
    const limited = answers[3] as { kind: string; retryAfter?: number };
    expect(limited.kind).toBe("limited");
    expect(limited.retryAfter).toBeGreaterThan(500);
    expect(limited.retryAfter).toBeLessThanOrEqual(600);
  });
});
