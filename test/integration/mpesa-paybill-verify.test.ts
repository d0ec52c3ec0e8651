/**
 * Paybill payments verified automatically through the local Daraja stand-in (issue 43;
 * decision 019): the confirmation is recorded unverified and queues mpesa.paybill_verify; the
 * job — run here as the runner would — asks Transaction Status; the stand-in posts its Result to
 * the mpesastatus hook, which verifies and applies the payment only when M-Pesa's record agrees
 * on receipt, status and amount. A differing amount, an unknown receipt and a queue timeout
 * leave the payment unverified with a note; a replayed Result applies nothing twice.
 */
import { type DarajaStandIn, startDarajaStandIn } from "@jenga/daraja-local";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiveHookDelivery } from "~/domain/hooks/receive.server";
import type { ClaimedJob } from "~/domain/jobs/store";
import { paybillVerifyJob } from "~/domain/payments/paybill-verify-job.server";
import { serviceClient, startAppBackend, type TestBackend } from "../support/backend";
import { startHookLane } from "../support/hook-lane";

const site = {} as { backend: TestBackend };
const SECRET = "p".repeat(40);
const PAYBILL = "174379";
const VARIABLES = [
  "MPESA_BASE_URL",
  "MPESA_CONSUMER_KEY",
  "MPESA_CONSUMER_SECRET",
  "HOOK_MPESAC2B_SECRET",
  "HOOK_MPESASTATUS_SECRET",
  "MPESA_CALLBACK_ORIGIN",
];
let daraja: DarajaStandIn;
let lane: Awaited<ReturnType<typeof startHookLane>> | undefined;
/** While true, the lane answers confirmations without passing them on (a lost confirmation). */
let dropConfirmations = false;

beforeAll(async () => {
  site.backend = await startAppBackend();
  lane = await startHookLane(SECRET, (hook) => hook === "mpesac2b" && dropConfirmations);
  const { origin } = lane;
  daraja = await startDarajaStandIn({
    settings: { callbackTimeoutMs: 5_000 },
    c2bUrls: [
      {
        shortcode: PAYBILL,
        responseType: "Completed",
        confirmationUrl: `${origin}/hooks/mpesac2b/${SECRET}`,
        validationUrl: undefined,
      },
    ],
  });
  Object.assign(process.env, {
    MPESA_BASE_URL: daraja.url,
    MPESA_CONSUMER_KEY: daraja.consumerKey,
    MPESA_CONSUMER_SECRET: daraja.consumerSecret,
    HOOK_MPESAC2B_SECRET: SECRET,
    HOOK_MPESASTATUS_SECRET: SECRET,
    MPESA_CALLBACK_ORIGIN: origin,
  });
});

afterAll(async () => {
  for (const key of VARIABLES) delete process.env[key];
  await daraja?.close();
  await lane?.close();
  await site.backend?.close();
});

const agencyToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(new Date());

/** An issued invoice of KES 1,000 + 16 % VAT = KES 1,160; its id and number. */
async function issuedInvoice() {
  const service = serviceClient(site.backend);
  const { data: organisation } = await service
    .from("organisations")
    .insert({ name: "Soko Safi" })
    .select("id")
    .single();
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
  const { data } = await service
    .from("invoices")
    .select("id, number")
    .eq("id", invoice?.id as number)
    .single();
  return { invoiceId: data?.id as number, number: data?.number as string };
}

/** A customer pays the Paybill on the stand-in; the confirmation has gone out when it resolves. */
async function payBill(account: string, amount: number) {
  const { payment, done } = daraja.payBill({
    paybill: PAYBILL,
    account,
    amount,
    phone: "0708374149",
  });
  await done;
  return payment.transId;
}

/** A C2B confirmation as Daraja posts it, received by the mpesac2b hook. */
function confirm(transId: string, amount: string, account: string) {
  const payload = {
    TransactionType: "Pay Bill",
    TransID: transId,
    TransTime: "20261129103000",
    TransAmount: amount,
    BusinessShortCode: PAYBILL,
    BillRefNumber: account,
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: "2547 ***** 149",
    FirstName: "JOHN",
    MiddleName: "",
    LastName: "DOE",
  };
  return receiveHookDelivery({
    hook: "mpesac2b",
    body: JSON.stringify(payload),
    payload,
    sourceIp: "196.201.214.200",
  });
}

async function paymentOf(transId: string) {
  const { data } = await serviceClient(site.backend)
    .from("payments")
    .select("id, amount_cents, verified_at, allocated_cents, note")
    .eq("mpesa_receipt", transId)
    .single();
  return data as {
    id: number;
    amount_cents: number;
    verified_at: string | null;
    allocated_cents: number;
    note: string | null;
  };
}

async function invoiceOf(invoiceId: number) {
  const service = serviceClient(site.backend);
  const { data: invoice } = await service
    .from("invoices")
    .select("paid_cents, status")
    .eq("id", invoiceId)
    .single();
  const { count } = await service
    .from("payment_allocations")
    .select("id", { count: "exact", head: true })
    .eq("invoice_id", invoiceId);
  return { ...invoice, allocations: count };
}

/** The verify job the confirmation queued: its key, and a run of it as the runner would. */
async function runVerifyJob(paymentId: number) {
  const { data: jobs } = await serviceClient(site.backend)
    .from("jobs")
    .select("kind, idempotency_key, payload")
    .eq("kind", "mpesa.paybill_verify")
    .eq("idempotency_key", `payment:${paymentId}`);
  expect(jobs).toEqual([
    {
      kind: "mpesa.paybill_verify",
      idempotency_key: `payment:${paymentId}`,
      payload: { payment: paymentId },
    },
  ]);
  const asked = daraja.statuses().length;
  const job = { id: 0, kind: "mpesa.paybill_verify", payload: { payment: paymentId } };
  await paybillVerifyJob.run(
    { ...job, attempts: 1, max_attempts: 10 } as unknown as ClaimedJob,
    new AbortController().signal,
  );
  return daraja.statuses().length > asked ? daraja.statuses()[0] : undefined;
}

/** Waits until the stand-in's Result for the last query was answered by the lane. */
async function resultDelivered() {
  const deadline = Date.now() + 5_000;
  while (daraja.statuses()[0]?.delivered === undefined) {
    if (Date.now() > deadline) throw new Error("no Transaction Status Result delivered");
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(daraja.statuses()[0]?.delivered).toBe(true);
}

describe("a Paybill payment to an invoice number", () => {
  it("is recorded unverified, then verified by Transaction Status and applied: the invoice is paid, once however often the Result comes", async () => {
    const { invoiceId, number } = await issuedInvoice();
    // The customer types the number loosely.
    const transId = await payBill(number.toLowerCase().replaceAll("-", " "), 1160);
    const recorded = await paymentOf(transId);
    expect(recorded).toMatchObject({ amount_cents: 116_000, verified_at: null });
    expect(await invoiceOf(invoiceId)).toMatchObject({ paid_cents: 0, status: "issued" });

    const query = await runVerifyJob(recorded.id);
    expect(query?.request).toMatchObject({
      transactionId: transId,
      partyA: PAYBILL,
      initiator: "testapi",
    });
    await resultDelivered();
    const verified = await paymentOf(transId);
    expect(verified.verified_at).not.toBeNull();
    expect(verified).toMatchObject({ allocated_cents: 116_000, note: null });
    expect(await invoiceOf(invoiceId)).toEqual({
      paid_cents: 116_000,
      status: "paid",
      allocations: 1,
    });

    // The same Result again (Daraja repeats posts): the lane keeps it once.
    const service = serviceClient(site.backend);
    const { data: stored } = await service
      .from("webhook_deliveries")
      .select("body, delivery_id")
      .eq("hook", "mpesastatus")
      .eq("delivery_id", `${query?.conversationId}:0`)
      .single();
    const result = JSON.parse(stored?.body as string);
    const replay = (payload: unknown) =>
      receiveHookDelivery({
        hook: "mpesastatus",
        body: JSON.stringify(payload),
        payload,
        sourceIp: "196.201.214.200",
      });
    expect(await replay(result)).toBe("duplicate");
    // A second query's Result (another ConversationID), and the job run again: nothing more.
    expect(
      await replay({ Result: { ...result.Result, ConversationID: "AG_20261129_replayed" } }),
    ).toBe("stored");
    expect(await runVerifyJob(recorded.id)).toBeUndefined();
    expect(await invoiceOf(invoiceId)).toEqual({
      paid_cents: 116_000,
      status: "paid",
      allocations: 1,
    });
    expect((await paymentOf(transId)).allocated_cents).toBe(116_000);
  });

  it("pays part of the invoice when the payment is smaller", async () => {
    const { invoiceId, number } = await issuedInvoice();
    const transId = await payBill(number, 500);
    await runVerifyJob((await paymentOf(transId)).id);
    await resultDelivered();
    expect((await paymentOf(transId)).verified_at).not.toBeNull();
    expect(await invoiceOf(invoiceId)).toEqual({
      paid_cents: 50_000,
      status: "partly_paid",
      allocations: 1,
    });
  });
});

describe("a payment M-Pesa's record does not confirm", () => {
  it("with another amount than the confirmation's: not verified, not applied, a note", async () => {
    const { invoiceId, number } = await issuedInvoice();
    // KES 100 paid; the confirmation the site gets claims KES 1,160.
    dropConfirmations = true;
    const transId = await payBill(number, 100).finally(() => {
      dropConfirmations = false;
    });
    expect(await confirm(transId, "1160.00", number)).toBe("stored");
    await runVerifyJob((await paymentOf(transId)).id);
    await resultDelivered();
    const payment = await paymentOf(transId);
    expect(payment).toMatchObject({ verified_at: null, allocated_cents: 0 });
    expect(payment.note).toBe("Amount differs from M-Pesa's record: 10000");
    expect(await invoiceOf(invoiceId)).toEqual({ paid_cents: 0, status: "issued", allocations: 0 });
  });

  it("from a Result the site never asked for (a forged ConversationID): kept, and nothing verified", async () => {
    const { invoiceId, number } = await issuedInvoice();
    dropConfirmations = true;
    const transId = await payBill(number, 1160).finally(() => {
      dropConfirmations = false;
    });
    expect(await confirm(transId, "1160.00", number)).toBe("stored");
    const payload = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: "forged-1",
        ConversationID: "AG_20261129_forged0000001",
        TransactionID: transId,
        ResultParameters: {
          ResultParameter: [
            { Key: "ReceiptNo", Value: transId },
            { Key: "Amount", Value: 1160 },
            { Key: "TransactionStatus", Value: "Completed" },
          ],
        },
      },
    };
    expect(
      await receiveHookDelivery({
        hook: "mpesastatus",
        body: JSON.stringify(payload),
        payload,
        sourceIp: "196.201.214.200",
      }),
    ).toBe("stored");
    expect(await paymentOf(transId)).toMatchObject({ verified_at: null, allocated_cents: 0 });
    expect(await invoiceOf(invoiceId)).toEqual({ paid_cents: 0, status: "issued", allocations: 0 });
  });

  it("with a receipt M-Pesa does not know: not verified, a note with M-Pesa's answer", async () => {
    const { invoiceId, number } = await issuedInvoice();
    const transId = "UKT9FAKE01";
    expect(await confirm(transId, "1160.00", number)).toBe("stored");
    await runVerifyJob((await paymentOf(transId)).id);
    await resultDelivered();
    const payment = await paymentOf(transId);
    expect(payment.verified_at).toBeNull();
    expect(payment.note).toContain("R000001 The transaction receipt number does not exist.");
    expect(await invoiceOf(invoiceId)).toEqual({ paid_cents: 0, status: "issued", allocations: 0 });
  });

  it("when the query times out in M-Pesa's queue: not verified, a note — until the query's Result comes after all", async () => {
    const { invoiceId, number } = await issuedInvoice();
    daraja.settings({ statusAnswer: "timeout" });
    try {
      const transId = await payBill(number, 1160);
      await runVerifyJob((await paymentOf(transId)).id);
      await resultDelivered();
      const payment = await paymentOf(transId);
      expect(payment.verified_at).toBeNull();
      expect(payment.note).toContain("SVC0001");
      expect((await invoiceOf(invoiceId)).paid_cents).toBe(0);
      // The query's real Result comes after all (same ConversationID): not a duplicate.
      const timedOut = daraja.statuses()[0];
      const late = {
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          OriginatorConversationID: timedOut?.originatorConversationId,
          ConversationID: timedOut?.conversationId,
          TransactionID: transId,
          ResultParameters: {
            ResultParameter: [
              { Key: "ReceiptNo", Value: transId },
              { Key: "Amount", Value: 1160 },
              { Key: "TransactionStatus", Value: "Completed" },
            ],
          },
        },
      };
      expect(
        await receiveHookDelivery({
          hook: "mpesastatus",
          body: JSON.stringify(late),
          payload: late,
          sourceIp: "196.201.214.200",
        }),
      ).toBe("stored");
      const verified = await paymentOf(transId);
      expect(verified.verified_at).not.toBeNull();
      expect(verified.note).toBeNull();
      expect(await invoiceOf(invoiceId)).toEqual({
        paid_cents: 116_000,
        status: "paid",
        allocations: 1,
      });
    } finally {
      daraja.settings({ statusAnswer: "result" });
    }
  });
});
