import { formatCents, formatRate } from "~/domain/invoices/money";
import { dateTime, longDate } from "~/i18n/format";
import type { Translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import {
  agencyToday,
  listQuotes,
  type QuoteStatus,
  type QuoteSummary,
  type QuoteWithLines,
  quoteStatus,
} from "./quotes.server";

/**
 * Quotes as pages show them: every amount and date already worded in the page's language
 * (formatCents: exact, from integer cents), the status a person sees (expired = sent and past
 * its validity date in the agency's time zone).
 */

export interface QuoteView {
  id: number;
  number: string;
  title: string;
  status: QuoteStatus;
  statusText: string;
  language: string;
  organisation: { id: string; name: string };
  validUntil: { iso: string; text: string };
  terms: string;
  depositPercent: number;
  lines: {
    id: number;
    description: string;
    quantity: number;
    unitPrice: string;
    vatRate: string;
    vat: string;
    net: string;
  }[];
  subtotal: string;
  vat: string;
  total: string;
  deposit: string | null;
  sentAt: string | null;
  decided: { at: string; name: string | null; reason: string | null } | null;
  projectId: number | null;
  /** Sent and still valid: the client may answer. */
  open: boolean;
}

const STATUS_KEYS = {
  draft: "quotes.status.draft",
  sent: "quotes.status.sent",
  accepted: "quotes.status.accepted",
  declined: "quotes.status.declined",
  withdrawn: "quotes.status.withdrawn",
  expired: "quotes.status.expired",
} as const;

export function statusText(status: QuoteStatus, t: Translator): string {
  return t(STATUS_KEYS[status]);
}

export function quoteView(
  { quote, lines, organisation }: QuoteWithLines,
  t: Translator,
): QuoteView {
  const locale = t.locale;
  const today = agencyToday();
  const status = quoteStatus(quote, today);
  const net = lines.reduce((sum, line) => sum + BigInt(line.net_cents ?? 0), 0n);
  // The deposit as decide_quote drafts it: its share of the net per VAT rate, rounded half up,
  // plus that share's VAT — shown as an estimate of the share of the total.
  const deposit =
    quote.deposit_percent > 0 && net > 0n
      ? formatCents(
          (BigInt(quote.total_cents) * BigInt(quote.deposit_percent) + 50n) / 100n,
          locale,
        )
      : null;
  return {
    id: quote.id,
    number: quote.number ?? t("quotes.draftNumber"),
    title: quote.title,
    status,
    statusText: statusText(status, t),
    language: quote.language,
    organisation,
    validUntil: { iso: quote.valid_until, text: longDate(quote.valid_until, locale) },
    terms: quote.terms,
    depositPercent: quote.deposit_percent,
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unitPrice: formatCents(line.unit_price_cents, locale),
      vatRate: formatRate(line.vat_rate_bp, locale),
      vat: formatCents(line.vat_cents ?? 0, locale),
      net: formatCents(line.net_cents ?? 0, locale),
    })),
    subtotal: formatCents(quote.subtotal_cents, locale),
    vat: formatCents(quote.vat_cents, locale),
    total: formatCents(quote.total_cents, locale),
    deposit,
    sentAt: quote.sent_at ? dateTime(quote.sent_at, locale, agencyTimeZone(), "short") : null,
    decided: quote.decided_at
      ? {
          at: dateTime(quote.decided_at, locale, agencyTimeZone(), "short"),
          name: quote.signature_name,
          reason: quote.decline_reason,
        }
      : null,
    projectId: quote.project_id,
    open: status === "sent",
  };
}

/** A row of a list of quotes. */
export interface QuoteListRow {
  id: number;
  organisationId: string;
  number: string;
  title: string;
  organisation: string;
  status: QuoteStatus;
  statusText: string;
  total: string;
  validUntil: string;
}

export function quoteRows(quotes: QuoteSummary[], t: Translator): QuoteListRow[] {
  const today = agencyToday();
  return quotes.map((quote) => {
    const status = quoteStatus(quote, today);
    return {
      id: quote.id,
      organisationId: quote.organisation_id,
      number: quote.number ?? t("quotes.draftNumber"),
      title: quote.title,
      organisation: quote.organisation,
      status,
      statusText: statusText(status, t),
      total: formatCents(quote.total_cents, t.locale),
      validUntil: longDate(quote.valid_until, t.locale),
    };
  });
}

/** An organisation's quotes as its people see them (never a draft); null when unreadable. */
export async function organisationQuotes(
  supabase: AppSupabase,
  organisationId: string,
  t: Translator,
): Promise<QuoteListRow[] | null> {
  const listed = await listQuotes(supabase, organisationId);
  return listed.ok ? quoteRows(listed.value, t) : null;
}

/**
 * The issued invoices an accepted quote opened (its deposit), worded for the page: number,
 * total, due date, and where the page links them (`hrefOf`: the client's portal or the admin).
 */
export async function quoteInvoices(
  supabase: AppSupabase,
  quoteId: number,
  t: Translator,
  hrefOf: (invoice: { id: number; organisation_id: string }) => string,
) {
  const { data: rows } = await supabase
    .from("invoices")
    .select("id, number, total_cents, due_date, organisation_id")
    .eq("quote_id", quoteId)
    .not("number", "is", null)
    .order("id");
  return (rows ?? []).map((row) => ({
    id: row.id,
    number: row.number ?? "",
    total: formatCents(row.total_cents, t.locale),
    due: longDate(row.due_date, t.locale),
    href: hrefOf(row),
  }));
}
