import { backendFailure } from "~/domain/admin/queries.server";
import type { InvoiceStatus } from "~/domain/invoices/document";
import { csvLine } from "~/domain/newsletter/csv";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { displayStatus } from "./invoice-document.server";
import { centsText } from "./money-input";

/**
 * The agency's invoices list (/admin/invoices) and its CSV for the accountant: filters (status,
 * overdue included — issued or partly paid past the due date in the agency's time zone —,
 * client, year), the outstanding total and its ageing by days past due. Every sum is of
 * integer cents; the CSV writes them as exact decimal text (centsText), so its columns add up
 * to the totals the page shows.
 */

export const LIST_STATUSES = ["draft", "issued", "partly_paid", "paid", "overdue", "void"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export interface ListFilters {
  status: ListStatus | null;
  client: string | null;
  year: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most rows a list (or a CSV) holds: several years of a small agency's invoices. */
export const LIST_LIMIT = 2000;

/** The filters of a query string; what is not one of the choices is ignored (and said). */
export function filtersOf(query: URLSearchParams): { filters: ListFilters; ignored: boolean } {
  const status = query.get("status") ?? "";
  const client = query.get("client") ?? "";
  const year = query.get("year") ?? "";
  const okStatus = (LIST_STATUSES as readonly string[]).includes(status);
  const okYear = /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2999;
  const okClient = UUID.test(client);
  return {
    filters: {
      status: okStatus ? (status as ListStatus) : null,
      client: okClient ? client.toLowerCase() : null,
      year: okYear ? Number(year) : null,
    },
    ignored:
      (status !== "" && !okStatus) || (year !== "" && !okYear) || (client !== "" && !okClient),
  };
}

export interface ListRow {
  id: number;
  kind: "invoice" | "credit_note";
  number: string | null;
  status: InvoiceStatus;
  organisationId: string;
  client: string;
  clientKraPin: string | null;
  issueDate: string | null;
  dueDate: string | null;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  /** What is still owed: total − paid − credited of an open invoice; 0 otherwise. */
  balanceCents: number;
  /** Days past the due date (agency's day) of an open invoice; null otherwise. */
  daysPastDue: number | null;
}

/** Whole days from `a` to `b` (ISO dates), integers only. */
export function daysBetween(a: string, b: string): number {
  const day = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
  return Math.round((day(b) - day(a)) / 86_400_000);
}

export const BUCKETS = ["notDue", "days0to30", "days31to60", "days61to90", "days90plus"] as const;
export type Bucket = (typeof BUCKETS)[number];

export function bucketOf(daysPastDue: number): Bucket {
  if (daysPastDue < 0) return "notDue";
  if (daysPastDue <= 30) return "days0to30";
  if (daysPastDue <= 60) return "days31to60";
  if (daysPastDue <= 90) return "days61to90";
  return "days90plus";
}

export interface InvoiceList {
  rows: ListRow[];
  outstandingCents: number;
  ageing: Record<Bucket, number>;
  clients: { id: string; name: string }[];
  years: number[];
}

const COLUMNS =
  "id, kind, number, status, organisation_id, issue_date, due_date, subtotal_cents, vat_cents, total_cents, paid_cents, credited_cents, buyer_name, buyer_kra_pin, created_at";

/** The list for `filters`, with the outstanding total and ageing of its open invoices. */
export async function invoiceList(
  supabase: AppSupabase,
  filters: ListFilters,
  today: string,
): Promise<Result<InvoiceList>> {
  let query = supabase
    .from("invoices")
    .select(COLUMNS)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(LIST_LIMIT);
  if (filters.client) query = query.eq("organisation_id", filters.client);
  if (filters.year) {
    query = query
      .gte("issue_date", `${filters.year}-01-01`)
      .lte("issue_date", `${filters.year}-12-31`);
  }
  if (filters.status === "overdue") {
    query = query
      .in("status", ["issued", "partly_paid"])
      .eq("kind", "invoice")
      .lt("due_date", today);
  } else if (filters.status) {
    query = query.eq("status", filters.status);
  }
  const [invoices, organisations, years] = await Promise.all([
    query,
    supabase.from("organisations").select("id, name, kra_pin").order("name").limit(LIST_LIMIT),
    supabase
      .from("invoices")
      .select("number_year")
      .not("number_year", "is", null)
      .limit(LIST_LIMIT),
  ]);
  if (invoices.error) return backendFailure(invoices.error);
  if (organisations.error) return backendFailure(organisations.error);
  const orgById = new Map((organisations.data ?? []).map((o) => [o.id, o]));
  const rows: ListRow[] = (invoices.data ?? []).map((row) => {
    const status = displayStatus(row, today);
    const open =
      row.kind === "invoice" && (row.status === "issued" || row.status === "partly_paid");
    const organisation = orgById.get(row.organisation_id);
    return {
      id: row.id,
      kind: row.kind === "credit_note" ? "credit_note" : "invoice",
      number: row.number,
      status,
      organisationId: row.organisation_id,
      client: row.buyer_name ?? organisation?.name ?? "",
      clientKraPin: row.status === "draft" ? (organisation?.kra_pin ?? null) : row.buyer_kra_pin,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      subtotalCents: row.subtotal_cents,
      vatCents: row.vat_cents,
      totalCents: row.total_cents,
      paidCents: row.paid_cents,
      creditedCents: row.credited_cents,
      balanceCents: open ? row.total_cents - row.paid_cents - row.credited_cents : 0,
      daysPastDue: open && row.due_date ? daysBetween(row.due_date, today) : null,
    };
  });
  const ageing = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, number>;
  let outstanding = 0;
  for (const row of rows) {
    if (row.balanceCents === 0) continue;
    outstanding += row.balanceCents;
    ageing[bucketOf(row.daysPastDue ?? -1)] += row.balanceCents;
  }
  const yearSet = new Set((years.data ?? []).map((y) => y.number_year as number));
  return ok({
    rows,
    outstandingCents: outstanding,
    ageing,
    clients: (organisations.data ?? []).map((o) => ({ id: o.id, name: o.name })),
    years: [...yearSet].sort((a, b) => b - a),
  });
}

export const CSV_HEADER = [
  "number",
  "issue_date",
  "due_date",
  "client",
  "client_kra_pin",
  "net",
  "vat",
  "total",
  "paid",
  "credited",
  "balance",
  "status",
] as const;

/** The issued documents of a list as CSV (drafts are not the accountant's): exact decimals. */
export function invoicesCsv(rows: readonly ListRow[]): string {
  return (
    csvLine([...CSV_HEADER]) +
    rows
      .filter((row) => row.status !== "draft")
      .map((row) =>
        csvLine([
          row.number,
          row.issueDate,
          row.dueDate,
          row.client,
          row.clientKraPin,
          centsText(row.subtotalCents),
          centsText(row.vatCents),
          centsText(row.totalCents),
          centsText(row.paidCents),
          centsText(row.creditedCents),
          centsText(row.balanceCents),
          row.kind === "credit_note" ? `credit_note_${row.status}` : row.status,
        ]),
      )
      .join("")
  );
}
