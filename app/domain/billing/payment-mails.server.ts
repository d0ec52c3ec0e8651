import { backendFailure } from "~/domain/admin/queries.server";
import { formatCents } from "~/domain/invoices/money";
import { getSiteConfig } from "~/domain/site/config.server";
import { longDate } from "~/i18n/format";
import { isLocale, type Locale } from "~/i18n/locale";
import type { MessageKey } from "~/i18n/messages";
import { translator } from "~/i18n/translate.server";
import { siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { invoicePdfAttachment } from "./invoice-attachment.server";

/**
 * The mails of receipts and reminders (issue 43, item 6; 20261220200001_payment_mails.sql), as
 * the outbox sends them (kind billing_mail; the jobs that write the rows:
 * payment-mail-jobs.server.ts): a receipt to the client's people with the M-Pesa receipt number
 * and the balance left, a notice to the agency, and reminders before, on and after the due date,
 * each in the invoice's language. The client's receipt and reminders carry the invoice's PDF as
 * it stands then (its payments and balance). A reminder of an invoice paid or voided since is
 * not sent.
 */
type Service = AppSupabase;

export const invoiceLocale = (language: string): Locale => (isLocale(language) ? language : "en");

/** The reminders' words by stage. */
const TEXTS: Record<string, { subject: MessageKey; text: MessageKey }> = {
  before: {
    subject: "paymentMail.reminderBefore.subject",
    text: "paymentMail.reminderBefore.text",
  },
  due: { subject: "paymentMail.reminderDue.subject", text: "paymentMail.reminderDue.text" },
  after: { subject: "paymentMail.reminderAfter.subject", text: "paymentMail.reminderAfter.text" },
};

/** The mail of a receipt, notice or reminder row (outbox kind billing_mail); null when moot. */
export async function paymentMail(
  service: Service,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const { data: row, error } = await service
    .from("billing_mails")
    .select("kind, invoice_id, allocation_id, stage, email, locale")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!row?.invoice_id) return ok(null);
  const { data: invoice, error: failed } = await service
    .from("invoices")
    .select(
      "id, number, title, status, total_cents, paid_cents, credited_cents, due_date, organisation_id, buyer_name",
    )
    .eq("id", row.invoice_id)
    .maybeSingle();
  if (failed) return backendFailure(failed);
  if (!invoice?.number) return ok(null);
  const locale = invoiceLocale(row.locale);
  const t = translator(locale);
  const balance = invoice.total_cents - invoice.paid_cents - invoice.credited_cents;
  const page =
    row.kind === "payment_notice"
      ? "/admin/payments"
      : t.path(`/organisations/${invoice.organisation_id}/invoices/${invoice.id}`);
  const link = `${siteUrl()}${page}`;
  const { brandName } = await getSiteConfig(locale);
  const values: Record<string, string> = {
    brand: brandName,
    number: invoice.number,
    title: invoice.title,
    organisation: invoice.buyer_name ?? "",
    total: formatCents(invoice.total_cents, locale),
    balance: formatCents(Math.max(0, balance), locale),
    dueDate: invoice.due_date ? longDate(invoice.due_date, locale) : "",
    link,
  };
  if (row.kind === "invoice_reminder") {
    // Paid or voided since it was written: no reminder.
    if (!["issued", "partly_paid"].includes(invoice.status) || balance <= 0) return ok(null);
    const texts = TEXTS[row.stage === "after" || row.stage === "due" ? row.stage : "before"];
    const pdf = await invoicePdfAttachment(service, invoice.id);
    if (!pdf.ok) return pdf;
    return ok({
      to: row.email,
      subject: t(texts?.subject as MessageKey, values),
      text: `${t(texts?.text as MessageKey, values)}\n\n${t("paymentMail.pdfAttached", values)}`,
      links: [link],
      attachments: [pdf.value],
    });
  }
  const { data: allocation } = await service
    .from("payment_allocations")
    .select("amount_cents, payment_id")
    .eq("id", row.allocation_id ?? 0)
    .maybeSingle();
  if (!allocation) return ok(null);
  const { data: payment } = await service
    .from("payments")
    .select("mpesa_receipt")
    .eq("id", allocation.payment_id)
    .maybeSingle();
  values.amount = formatCents(allocation.amount_cents, locale);
  values.receipt = payment?.mpesa_receipt ?? t("paymentMail.receiptToFollow");
  if (row.kind === "payment_notice") {
    return ok({
      to: row.email,
      subject: t("paymentMail.notice.subject", values),
      text: t("paymentMail.notice.text", values),
      links: [link],
    });
  }
  // The client's receipt: the invoice as it stands now, its payment in it.
  const pdf = await invoicePdfAttachment(service, invoice.id);
  if (!pdf.ok) return pdf;
  return ok({
    to: row.email,
    subject: t("paymentMail.receipt.subject", values),
    text: `${t("paymentMail.receipt.text", values)}\n\n${t("paymentMail.pdfAttached", values)}`,
    links: [link],
    attachments: [pdf.value],
  });
}
