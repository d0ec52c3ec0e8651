import {
  type Agency,
  buildDocument,
  type InvoiceDocument,
  type InvoiceStatus,
  type PaymentReceived,
} from "~/domain/invoices/document";
import { darajaConfig } from "~/domain/payments/daraja/config.server";
import { siteContent } from "~/domain/site/snapshot.server";
import type { Locale } from "~/i18n/locale";
import type { Tables } from "~/infra/database.types";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";

/**
 * An invoice or credit note as its page and PDF show it (InvoiceDocument, app/domain/invoices/
 * document.ts), built from its rows. Shared by the agency's pages (/admin/invoices/:id/pdf) and
 * the client's (the account area): each reads the rows with its own client, so the database's
 * policies decide who sees what — a row the caller may not read is simply not found.
 *
 *   loadInvoiceRows(supabase, id)          → InvoiceRows | null  (null: no such invoice for you)
 *   documentContext(supabase)              → DocumentContext     (agency, Paybill, today)
 *   invoiceDocumentOf(rows, context)       → InvoiceDocument     (pure)
 *   loadInvoiceDocument(supabase, id)      → InvoiceDocument | null
 */

export type InvoiceRow = Tables<"invoices">;
export type InvoiceLineRow = Pick<
  Tables<"invoice_lines">,
  "position" | "description" | "quantity" | "unit_price_cents" | "vat_rate_bp"
>;

/** An allocation of the ledger to the invoice, with its payment's method and receipt. */
export interface AllocationRow {
  amount_cents: number;
  created_at: string;
  payment: { method: string; mpesa_receipt: string | null; received_at: string } | null;
}

/** An issued credit note that corrects the invoice. */
export interface CreditRow {
  number: string | null;
  issue_date: string | null;
  total_cents: number;
}

export interface InvoiceRows {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  allocations: AllocationRow[];
  credits: CreditRow[];
  /** The invoice a credit note corrects: its number. */
  correctsNumber: string | null;
  /** The client as it is now (a draft's parties are frozen only when it is issued). */
  organisation: { name: string; kra_pin: string | null };
}

export interface DocumentContext {
  agency: Agency;
  /** MPESA_PAYBILL (or the shortcode); null: no Paybill instruction. */
  paybill: string | null;
  /** The agency's date (YYYY-MM-DD in AGENCY_TIME_ZONE): decides "overdue". */
  today: string;
}

/** YYYY-MM-DD of `at` in `timeZone` (the agency's day). */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Today in the agency's time zone (what issue_invoice and "overdue" need). */
export function agencyToday(now = new Date()): string {
  return dateInZone(now, agencyTimeZone());
}

/** The status a person sees: the stored one, or overdue (open past its due date, agency's day). */
export function displayStatus(
  invoice: Pick<InvoiceRow, "status" | "due_date" | "kind">,
  today: string,
): InvoiceStatus {
  const open = invoice.status === "issued" || invoice.status === "partly_paid";
  if (open && invoice.kind === "invoice" && invoice.due_date && invoice.due_date < today) {
    return "overdue";
  }
  return invoice.status as InvoiceStatus;
}

const METHOD: Record<string, string> = {
  mpesa_stk: "M-Pesa",
  mpesa_paybill: "M-Pesa Paybill",
  bank: "Bank transfer",
  cash: "Cash",
};

/** The document of `rows` (pure): credits appear among the payments as "Credit" lines. */
export function invoiceDocumentOf(rows: InvoiceRows, context: DocumentContext): InvoiceDocument {
  const { invoice } = rows;
  const issued = invoice.status !== "draft";
  const payments: PaymentReceived[] = [
    ...rows.allocations.map((a) => ({
      receivedAt: a.payment?.received_at ?? a.created_at,
      method: METHOD[a.payment?.method ?? ""] ?? "Payment",
      reference: a.payment?.mpesa_receipt ?? "",
      amountCents: a.amount_cents,
    })),
    ...rows.credits.map((c) => ({
      receivedAt: c.issue_date ?? "",
      method: "Credit",
      reference: c.number ?? "",
      amountCents: c.total_cents,
    })),
  ];
  return buildDocument({
    kind: invoice.kind === "credit_note" ? "credit_note" : "invoice",
    number: invoice.number ?? "",
    corrects: rows.correctsNumber,
    issueDate: invoice.issue_date ?? context.today,
    dueDate: invoice.due_date,
    language: invoice.language as Locale,
    status: displayStatus(invoice, context.today),
    agency: {
      ...context.agency,
      name: invoice.seller_name || context.agency.name,
      kraPin: (issued ? invoice.seller_kra_pin : null) ?? context.agency.kraPin,
    },
    client: {
      organisation: (issued ? invoice.buyer_name : null) ?? rows.organisation.name,
      contact: null,
      address: [],
      kraPin: issued ? invoice.buyer_kra_pin : rows.organisation.kra_pin,
      email: null,
    },
    lines: [...rows.lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        vatRateBp: l.vat_rate_bp,
      })),
    payments: invoice.kind === "invoice" ? payments : [],
    paybill: context.paybill,
    notes: invoice.notes || null,
  });
}

/** The rows of invoice `id` as `supabase`'s caller may read them; null when not found. */
export async function loadInvoiceRows(
  supabase: AppSupabase,
  id: number,
): Promise<InvoiceRows | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { data: invoice, error } = await supabase
    .from("invoices")
    .select("*")
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`invoice ${id}: ${error.message}`);
  if (!invoice) return null;
  const [lines, allocations, credits, corrects, organisation] = await Promise.all([
    supabase
      .from("invoice_lines")
      .select("position, description, quantity, unit_price_cents, vat_rate_bp")
      .eq("invoice_id", id)
      .order("position")
      .order("id"),
    supabase
      .from("payment_allocations")
      .select("amount_cents, created_at, payment_id")
      .eq("invoice_id", id)
      .order("created_at"),
    supabase
      .from("invoices")
      .select("number, issue_date, total_cents")
      .eq("credits_invoice_id", id)
      .neq("status", "draft")
      .neq("status", "void")
      .order("issue_date"),
    invoice.credits_invoice_id
      ? supabase
          .from("invoices")
          .select("number")
          .eq("id", invoice.credits_invoice_id)
          .maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    supabase
      .from("organisations")
      .select("name, kra_pin")
      .eq("id", invoice.organisation_id)
      .maybeSingle(),
  ]);
  for (const answer of [lines, allocations, credits, corrects, organisation]) {
    if (answer.error) throw new Error(`invoice ${id}: ${answer.error.message}`);
  }
  const paymentIds = [...new Set((allocations.data ?? []).map((a) => a.payment_id))];
  const payments = paymentIds.length
    ? await supabase
        .from("payments")
        .select("id, method, mpesa_receipt, received_at")
        .in("id", paymentIds)
    : { data: [], error: null };
  if (payments.error) throw new Error(`invoice ${id}: ${payments.error.message}`);
  const paymentById = new Map((payments.data ?? []).map((p) => [p.id, p]));
  return {
    invoice,
    lines: lines.data ?? [],
    allocations: (allocations.data ?? []).map((a) => ({
      amount_cents: a.amount_cents,
      created_at: a.created_at,
      payment: paymentById.get(a.payment_id) ?? null,
    })),
    credits: credits.data ?? [],
    correctsNumber: corrects.data?.number ?? null,
    organisation: organisation.data ?? { name: invoice.buyer_name ?? "", kra_pin: null },
  };
}

/** The agency (site settings + billing settings' KRA PIN), its Paybill and its today. */
export async function documentContext(supabase: AppSupabase): Promise<DocumentContext> {
  const [content, settings] = await Promise.all([
    siteContent("en"),
    supabase.from("billing_settings").select("kra_pin").maybeSingle(),
  ]);
  const site = content.settings;
  const address = Object.values(site.officeAddresses).slice(0, 1);
  return {
    agency: {
      name: site.brandName,
      address: site.country ? [...address, site.country] : address,
      kraPin: settings.data?.kra_pin ?? "",
      phone: site.phone,
      email: site.email,
    },
    paybill: darajaConfig().paybill || null,
    today: agencyToday(),
  };
}

/** Invoice `id` as a document for `supabase`'s caller; null when they may not see it. */
export async function loadInvoiceDocument(
  supabase: AppSupabase,
  id: number,
): Promise<InvoiceDocument | null> {
  const rows = await loadInvoiceRows(supabase, id);
  if (!rows) return null;
  return invoiceDocumentOf(rows, await documentContext(supabase));
}
