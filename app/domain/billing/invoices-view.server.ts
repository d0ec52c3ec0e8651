import { statusKey, titleKey } from "~/domain/invoices/labels";
import { formatCents, formatRate } from "~/domain/invoices/money";
import type { MessageKey } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import {
  type DocumentContext,
  displayStatus,
  type InvoiceRows,
  invoiceDocumentOf,
} from "./invoice-document.server";
import { emptyRow, type LineField, rowOf } from "./invoices-form.server";
import type { BillingSettings } from "./settings.server";

/**
 * What the admin's invoice page shows (/admin/invoices/:id): a draft's editor values, or an
 * issued document's words and amounts — totals as the database computed them, each amount
 * formatted from integer cents in the admin's language.
 */

export interface DraftView {
  rows: Record<LineField, string>[];
  title: string;
  notes: string;
  dueDate: string;
  language: string;
  reminders: boolean;
}

/** The editor's rows and fields as saved (the page shows what was typed instead after an answer). */
export function draftView(rows: InvoiceRows, settings: BillingSettings): DraftView {
  const { invoice } = rows;
  const saved = [...rows.lines].sort((a, b) => a.position - b.position).map(rowOf);
  return {
    rows: saved.length ? saved : [emptyRow(settings.vat_rate_bp)],
    title: invoice.title,
    notes: invoice.notes,
    dueDate: invoice.due_date ?? "",
    language: invoice.language,
    reminders: invoice.reminders,
  };
}

/** The amounts and words of an invoice's header and totals (the database's columns). */
export function invoiceSummary(rows: InvoiceRows, context: DocumentContext, t: Translator) {
  const { invoice } = rows;
  const money = (cents: number) => formatCents(cents, t.locale);
  const status = displayStatus(invoice, context.today);
  const kind = invoice.kind === "credit_note" ? "credit_note" : "invoice";
  const balance = invoice.total_cents - invoice.paid_cents - invoice.credited_cents;
  return {
    id: invoice.id,
    kind,
    kindLabel: t(titleKey(kind)),
    number: invoice.number,
    status,
    statusLabel: t(statusKey({ kind, status })),
    client: invoice.buyer_name ?? rows.organisation.name,
    organisationId: invoice.organisation_id,
    issueDate: invoice.issue_date,
    dueDate: invoice.due_date,
    corrects: rows.correctsNumber,
    creditsInvoiceId: invoice.credits_invoice_id,
    reminders: invoice.reminders,
    voidReason: invoice.void_reason,
    paidCents: invoice.paid_cents,
    subtotal: money(invoice.subtotal_cents),
    vat: money(invoice.vat_cents),
    total: money(invoice.total_cents),
    paid: money(invoice.paid_cents),
    credited: money(invoice.credited_cents),
    balance: money(balance),
    open:
      invoice.kind === "invoice" &&
      (invoice.status === "issued" || invoice.status === "partly_paid"),
  };
}

/** The lines of an issued document as printed, and its payments and credits. */
export function issuedDetails(rows: InvoiceRows, context: DocumentContext, t: Translator) {
  const doc = invoiceDocumentOf(rows, context);
  const money = (cents: number) => formatCents(cents, t.locale);
  return {
    lines: doc.lines.map((line, i) => ({
      key: i,
      description: line.description,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      vatRate: formatRate(line.vatRateBp, t.locale),
      net: money(line.netCents),
    })),
    // The ledger's own rows, their method named in the admin's language (the document's are
    // the PDF's words); issued credit notes as credits.
    payments: [
      ...rows.allocations.map((a) => ({
        receivedAt: (a.payment?.received_at ?? a.created_at).slice(0, 10),
        method: a.payment
          ? t(`adminBilling.payments.methods.${a.payment.method}` as MessageKey)
          : "",
        reference: a.payment?.mpesa_receipt ?? "",
        amount: money(a.amount_cents),
      })),
      ...rows.credits.map((c) => ({
        receivedAt: c.issue_date ?? "",
        method: t("adminBilling.issued.credited"),
        reference: c.number ?? "",
        amount: money(c.total_cents),
      })),
    ].map((p, key) => ({ key, ...p })),
  };
}
