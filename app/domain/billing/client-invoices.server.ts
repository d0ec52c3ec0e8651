import type { SupabaseClient } from "@supabase/supabase-js";
import { backendFailure } from "~/domain/admin/queries.server";
import type { InvoiceDocument, InvoiceStatus } from "~/domain/invoices/document";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import {
  agencyToday,
  displayStatus,
  documentContext,
  invoiceDocumentOf,
  loadInvoiceRows,
} from "./invoice-document.server";

/**
 * A client organisation's invoices as its people see them (issue 43, item 3): issued invoices
 * and credit notes only (the database hides drafts from clients), each with its status derived
 * from the ledger — overdue being issued or partly paid past the due date in the agency's time
 * zone — and one invoice as the document its PDF prints. Money stays integer cents.
 */

/** What a list row and a page say of an invoice's state (never a draft: clients see none). */
export type ClientInvoiceStatus = Exclude<InvoiceStatus, "draft">;

export interface InvoiceRow {
  id: number;
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  dueDate: string | null;
  totalCents: number;
  paidCents: number;
  /** total − paid − credited; 0 for a credit note. */
  balanceCents: number;
  status: ClientInvoiceStatus;
}

const ROW_COLUMNS =
  "id, kind, number, status, issue_date, due_date, total_cents, paid_cents, credited_cents, language, buyer_name, buyer_kra_pin, seller_name, seller_kra_pin, notes, title, credits_invoice_id";

interface StoredInvoice {
  id: number;
  kind: string;
  number: string | null;
  status: string;
  issue_date: string | null;
  due_date: string | null;
  total_cents: number;
  paid_cents: number;
  credited_cents: number;
  language: string;
  buyer_name: string | null;
  buyer_kra_pin: string | null;
  seller_name: string | null;
  seller_kra_pin: string | null;
  notes: string;
  title: string;
  credits_invoice_id: number | null;
}

function balanceOf(row: StoredInvoice): number {
  if (row.kind !== "invoice" || row.status === "void") return 0;
  return Number(row.total_cents) - Number(row.paid_cents) - Number(row.credited_cents);
}

function rowOf(row: StoredInvoice, today: string): InvoiceRow {
  return {
    id: row.id,
    kind: row.kind === "credit_note" ? "credit_note" : "invoice",
    number: row.number ?? "",
    issueDate: row.issue_date ?? "",
    dueDate: row.due_date,
    totalCents: Number(row.total_cents),
    paidCents: Number(row.paid_cents),
    balanceCents: balanceOf(row),
    status: displayStatus(row, today) as ClientInvoiceStatus,
  };
}

/** The organisation's issued invoices and credit notes, newest first. */
export async function organisationInvoices(
  supabase: AppSupabase,
  organisationId: string,
): Promise<Result<InvoiceRow[]>> {
  const { data, error } = await supabase
    .from("invoices")
    .select(ROW_COLUMNS)
    .eq("organisation_id", organisationId)
    .neq("status", "draft")
    .order("issue_date", { ascending: false })
    .order("id", { ascending: false })
    .limit(500);
  if (error) return backendFailure(error);
  const today = agencyToday();
  return ok((data as unknown as StoredInvoice[]).map((row) => rowOf(row, today)));
}

/** How many of the organisation's invoices wait for money (issued, partly paid, overdue). */
export async function invoicesToPay(supabase: AppSupabase, organisationId: string) {
  const { count } = await supabase
    .from("invoices")
    .select("id", { count: "exact", head: true })
    .eq("organisation_id", organisationId)
    .eq("kind", "invoice")
    .in("status", ["issued", "partly_paid"]);
  return count ?? 0;
}

const INVOICE_ID = /^[1-9][0-9]{0,15}$/;

export interface ClientInvoice {
  row: InvoiceRow;
  document: InvoiceDocument;
}

/**
 * Invoice `invoiceId` of organisation `organisationId` as a document, for a caller who may read
 * it; not-found for a malformed id, a draft, or another organisation's invoice.
 */
export async function clientInvoice(
  supabase: AppSupabase,
  organisationId: string,
  invoiceId: string | undefined,
): Promise<Result<ClientInvoice>> {
  const notFound = fail("not-found", "There is no such invoice.");
  if (!invoiceId || !INVOICE_ID.test(invoiceId)) return notFound;
  try {
    const rows = await loadInvoiceRows(supabase, Number(invoiceId));
    // The agency reads drafts too: on the client's pages an invoice is issued and theirs.
    if (!rows || rows.invoice.organisation_id !== organisationId) return notFound;
    if (rows.invoice.status === "draft") return notFound;
    const context = await documentContext(supabase);
    const row = rowOf(rows.invoice as unknown as StoredInvoice, context.today);
    return ok({ row, document: invoiceDocumentOf(rows, context) });
  } catch (error) {
    return fail("backend", error instanceof Error ? error.message : String(error));
  }
}

/** The amount an M-Pesa push asks for by default: the balance rounded up to the shilling. */
export function dueCents(balanceCents: number): number {
  return Math.ceil(balanceCents / 100) * 100;
}

/**
 * Whether the agency lets clients pay part of a balance. Clients cannot read billing_settings:
 * this one boolean is read with the service role (nothing else of the row leaves here).
 */
export async function partialPaymentsAllowed(): Promise<boolean> {
  const service = serviceRoleClient() as Pick<SupabaseClient, "from"> | null;
  if (!service) return false;
  const { data } = await service.from("billing_settings").select("partial_payments").maybeSingle();
  return (data as { partial_payments?: boolean } | null)?.partial_payments === true;
}

/**
 * Whole shillings as typed ("1500", "1,500", "1 500", "1500.00", "KES 1,500"), in cents; null
 * for anything else (a fraction of a shilling, letters, nothing). Exact: no float is involved.
 */
export function shillingsToCents(text: string): number | null {
  const cleaned = text
    .normalize("NFKC")
    .replace(/^\s*(?:ksh|kes)\.?\s*/i, "")
    .replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:[.,]00?)?$/.exec(cleaned);
  if (!match?.[1]) return null;
  const shillings = Number(match[1].replaceAll(",", ""));
  return Number.isSafeInteger(shillings) ? shillings * 100 : null;
}

/** The person's M-Pesa phone as their profile has it (user metadata `phone`, or the account's). */
export function profilePhone(user: {
  phone?: string | null;
  user_metadata?: Record<string, unknown> | null;
}): string {
  const meta = user.user_metadata?.phone;
  if (typeof meta === "string" && meta.trim()) return meta.trim();
  return user.phone?.trim() ?? "";
}

/**
 * The words of the link to the organisation's invoices on its pages: "Invoices", or with the
 * number waiting for money ("Invoices (2 to pay)"), in the page's language.
 */
export async function invoicesLinkText(
  supabase: AppSupabase,
  organisationId: string,
  t: (
    key: "clientInvoices.link" | "clientInvoices.linkToPay",
    values?: { count: number },
  ) => string,
): Promise<string> {
  const count = await invoicesToPay(supabase, organisationId);
  return count > 0 ? t("clientInvoices.linkToPay", { count }) : t("clientInvoices.link");
}

/**
 * For each of `organisationIds`, the link text to its invoices when some wait for money
 * ("Invoices (2 to pay)"); organisations with none are left out. One query.
 */
export async function invoicesToPayTexts(
  supabase: AppSupabase,
  organisationIds: readonly string[],
  t: (key: "clientInvoices.linkToPay", values: { count: number }) => string,
): Promise<Record<string, string>> {
  if (organisationIds.length === 0) return {};
  const { data } = await supabase
    .from("invoices")
    .select("organisation_id")
    .in("organisation_id", [...organisationIds])
    .eq("kind", "invoice")
    .in("status", ["issued", "partly_paid"])
    .limit(5000);
  const counts = new Map<string, number>();
  for (const row of data ?? []) {
    counts.set(row.organisation_id, (counts.get(row.organisation_id) ?? 0) + 1);
  }
  return Object.fromEntries(
    [...counts].map(([id, count]) => [id, t("clientInvoices.linkToPay", { count })]),
  );
}
