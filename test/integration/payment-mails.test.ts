/**
 * Receipts and reminders (issue 43, item 6): every payment applied to an invoice sends a
 * receipt to the client's people — in the invoice's language, with the M-Pesa receipt number
 * and the balance left — and a notice to the agency; reminders go 3 days before the due date,
 * on it and 7 days after, each once, not for a paid invoice nor one whose reminders are off.
 * The receipt and each reminder carry the invoice's PDF (downloaded from the local mailbox, it
 * reads as the invoice: its number, and on a receipt what was paid).
 */
import { describe, expect, it } from "vitest";
import {
  BILLING_RECEIPT,
  queueReminders,
  receiptJob,
} from "~/domain/billing/payment-mail-jobs.server";
import type { ClaimedJob } from "~/domain/jobs/store";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import { backendWithAdmin, createUser, serviceClient } from "../support/backend";
import { mailsTo } from "../support/messages";
import { pdfText } from "../support/pdf-text";

const site = backendWithAdmin();

const day = (offset: number, from = new Date()) =>
  new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const agencyToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(new Date());

/** A client whose owner reads `locale`, with an issued invoice (KES 1,160) due in `dueIn` days. */
async function invoice(language: "en" | "sw" | "fr", dueIn = 14, reminders = true) {
  const service = serviceClient(site.backend);
  const { data: organisation } = await service
    .from("organisations")
    .insert({ name: "Duka Bora" })
    .select("id")
    .single();
  const owner = await createUser(site.backend, { metadata: { locale: language } });
  await service
    .from("organisation_members")
    .insert({ organisation_id: organisation?.id, user_id: owner.id, role: "owner" });
  const today = agencyToday();
  const { data: row } = await service
    .from("invoices")
    .insert({
      organisation_id: organisation?.id,
      title: "Website",
      language,
      reminders,
      due_date: day(dueIn, new Date(`${today}T12:00:00Z`)),
    })
    .select("id")
    .single();
  await service
    .from("invoice_lines")
    .insert({ invoice_id: row?.id, description: "Design", unit_price_cents: 100_000 });
  const issued = await service.rpc("issue_invoice", { p_invoice: row?.id, p_today: today });
  expect(issued.error).toBeNull();
  return {
    id: row?.id as number,
    owner,
    organisation: organisation?.id as string,
    number: issued.data as string,
  };
}

/** The words of the one PDF a mail carries, named after invoice `number` (from the mailbox). */
async function attachedPdf(
  mail: { attachments?: { filename: string; contentType: string; url: string }[] } | undefined,
  number: string,
): Promise<string> {
  expect(mail?.attachments).toEqual([
    expect.objectContaining({ filename: `${number}.pdf`, contentType: "application/pdf" }),
  ]);
  const download = await fetch(mail?.attachments?.[0]?.url ?? "");
  expect(download.headers.get("content-type")).toBe("application/pdf");
  const pdf = new Uint8Array(await download.arrayBuffer());
  expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return pdfText(pdf).replace(/[\s\u00a0\u202f]+/g, " ");
}

async function deliver() {
  await outboxIdle();
  await processOutbox();
}

describe("a receipt", () => {
  it("reaches the client's people in the invoice's language with the receipt and the balance, once, and the agency gets a notice", async () => {
    const { id, owner, organisation, number } = await invoice("sw");
    const service = serviceClient(site.backend);
    const { data: payment } = await service
      .from("payments")
      .insert({
        organisation_id: organisation,
        method: "mpesa_paybill",
        amount_cents: 60_000,
        mpesa_receipt: "TKR51ZDR4F",
        verified_at: new Date().toISOString(),
      })
      .select("id")
      .single();
    const { data: allocation } = await service
      .from("payment_allocations")
      .insert({
        payment_id: payment?.id,
        invoice_id: id,
        organisation_id: organisation,
        amount_cents: 60_000,
      })
      .select("id")
      .single();
    // The database queued the receipt's job for the allocation.
    const { data: job } = await service
      .from("jobs")
      .select("kind, payload")
      .eq("idempotency_key", `allocation:${allocation?.id}`)
      .single();
    expect(job).toEqual({ kind: BILLING_RECEIPT, payload: { allocation: allocation?.id } });
    const run = () =>
      receiptJob.run(
        {
          id: 0,
          kind: BILLING_RECEIPT,
          payload: job?.payload,
          attempts: 1,
          max_attempts: 8,
        } as ClaimedJob,
        new AbortController().signal,
      );
    await run();
    await run();
    await deliver();
    const mails = await mailsTo(site.backend, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`malipo ya ankara ${number} yamepokelewa`);
    expect(mails[0]?.text).toContain("TKR51ZDR4F");
    // KES 1,160 − 600 = 560 left, in Kiswahili's format.
    expect(mails[0]?.text).toMatch(/Salio lililobaki: .*560/);
    // The invoice's PDF as it stands after the payment: its number and the 600 paid.
    expect(mails[0]?.text).toContain(`Ankara imeambatishwa kama PDF (${number}.pdf)`);
    const words = await attachedPdf(mails[0], number);
    expect(words).toContain(number);
    expect(words).toContain("600.00");
    const notices = (await site.backend.mailbox.list()).filter((mail) =>
      mail.subject.startsWith("Payment of"),
    );
    expect(notices.some((mail) => mail.subject.includes(number))).toBe(true);
  });
});

describe("reminders", () => {
  it("go 3 days before, on and 7 days after the due date, each once, in the invoice's language", async () => {
    const { owner, number } = await invoice("fr", 3);
    const service = serviceClient(site.backend);
    const base = new Date(`${agencyToday()}T12:00:00Z`);
    await queueReminders(service, day(0, base));
    await queueReminders(service, day(0, base));
    await queueReminders(service, day(1, base));
    await deliver();
    let mails = await mailsTo(site.backend, owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`la facture ${number} est à régler le`),
    ]);
    await queueReminders(service, day(3, base));
    await queueReminders(service, day(10, base));
    await deliver();
    mails = await mailsTo(site.backend, owner.email);
    // (The mailbox lists the newest first.)
    expect(mails.map((mail) => mail.subject).reverse()).toEqual([
      expect.stringContaining("est à régler le"),
      expect.stringContaining("est à régler aujourd’hui"),
      expect.stringContaining("est en retard"),
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(`La facture est jointe en PDF (${number}.pdf)`);
      expect(await attachedPdf(mail, number)).toContain(number);
    }
  });

  it("are not sent for a paid invoice nor when the invoice's reminders are off", async () => {
    const paid = await invoice("en", 0);
    const off = await invoice("en", 0, false);
    const service = serviceClient(site.backend);
    const { data: payment } = await service
      .from("payments")
      .insert({
        organisation_id: paid.organisation,
        method: "cash",
        amount_cents: 116_000,
        verified_at: new Date().toISOString(),
      })
      .select("id")
      .single();
    await service.from("payment_allocations").insert({
      payment_id: payment?.id,
      invoice_id: paid.id,
      organisation_id: paid.organisation,
      amount_cents: 116_000,
    });
    await queueReminders(service, agencyToday());
    await deliver();
    for (const person of [paid.owner, off.owner]) {
      const reminders = (await mailsTo(site.backend, person.email)).filter((mail) =>
        /is due|overdue/.test(mail.subject),
      );
      expect(reminders).toEqual([]);
    }
  });
});
