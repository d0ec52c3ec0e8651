import { inviteToOrganisation } from "~/domain/access/invitations.server";
import { backendFailure } from "~/domain/admin/queries.server";
import { failWith } from "~/i18n/failures.server";
import { isLocale, type Locale } from "~/i18n/locale";
import type { Tables } from "~/infra/database.types";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { zoneOffsetMs } from "~/lib/time-zone";
import { replaceDraftLines } from "./draft-lines.server";
import type { QuoteInput } from "./quotes-form.server";

/**
 * Quotes as the agency drafts and sends them (issue 43 item 2), read and written with the
 * caller's own client: the database's policies and functions (20261220000001_billing.sql) decide
 * who may — a quote the caller may not read is not found. Money stays integer cents.
 */

export type QuoteRow = Tables<"quotes">;
export type QuoteLineRow = Pick<
  Tables<"quote_lines">,
  | "id"
  | "position"
  | "description"
  | "quantity"
  | "unit_price_cents"
  | "vat_rate_bp"
  | "net_cents"
  | "vat_cents"
>;
export interface QuoteWithLines {
  quote: QuoteRow;
  lines: QuoteLineRow[];
  organisation: { id: string; name: string };
}

/** The status a person sees: a sent quote past its validity date is expired. */
export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "withdrawn" | "expired";
export function quoteStatus(quote: Pick<QuoteRow, "status" | "valid_until">, today: string) {
  return (
    quote.status === "sent" && quote.valid_until < today ? "expired" : quote.status
  ) as QuoteStatus;
}

/** Today (YYYY-MM-DD) in the agency's time zone: what send_quote and decide_quote take. */
export function agencyToday(now = new Date()): string {
  return new Date(now.getTime() + zoneOffsetMs(now, agencyTimeZone())).toISOString().slice(0, 10);
}

/** `days` after the ISO date `date` (UTC arithmetic on a date: no time zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export const QUOTE_VALID_DAYS = 30;

const LINE_COLUMNS =
  "id, position, description, quantity, unit_price_cents, vat_rate_bp, net_cents, vat_cents";

/** A positive bigint id of a URL or form, or null. */
export function idOf(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** One quote with its lines and client; not-found when the caller may not read it. */
export async function quoteById(
  supabase: AppSupabase,
  id: number | null,
  organisationId?: string,
): Promise<Result<QuoteWithLines>> {
  if (id === null) return failWith("not-found", "quotes.notFound");
  let query = supabase.from("quotes").select("*").eq("id", id);
  if (organisationId) query = query.eq("organisation_id", organisationId);
  const { data: quote, error } = await query.maybeSingle();
  if (error) return backendFailure(error);
  if (!quote) return failWith("not-found", "quotes.notFound");
  const [lines, organisation] = await Promise.all([
    supabase
      .from("quote_lines")
      .select(LINE_COLUMNS)
      .eq("quote_id", id)
      .order("position")
      .order("id"),
    supabase.from("organisations").select("id, name").eq("id", quote.organisation_id).maybeSingle(),
  ]);
  if (lines.error) return backendFailure(lines.error);
  if (organisation.error) return backendFailure(organisation.error);
  return ok({
    quote,
    lines: lines.data ?? [],
    organisation: organisation.data ?? { id: quote.organisation_id, name: "" },
  });
}

export interface QuoteSummary {
  id: number;
  number: string | null;
  title: string;
  status: string;
  valid_until: string;
  total_cents: number;
  organisation_id: string;
  organisation: string;
  created_at: string;
}

/** Quotes the caller may read, newest first (one organisation's when given). */
export async function listQuotes(
  supabase: AppSupabase,
  organisationId?: string,
): Promise<Result<QuoteSummary[]>> {
  let query = supabase
    .from("quotes")
    .select("id, number, title, status, valid_until, total_cents, organisation_id, created_at")
    .order("created_at", { ascending: false })
    .limit(200);
  if (organisationId) query = query.eq("organisation_id", organisationId);
  const { data, error } = await query;
  if (error) return backendFailure(error);
  const ids = [...new Set((data ?? []).map((row) => row.organisation_id))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const organisations = await supabase.from("organisations").select("id, name").in("id", ids);
    if (organisations.error) return backendFailure(organisations.error);
    for (const row of organisations.data ?? []) names.set(row.id, row.name);
  }
  return ok(
    (data ?? []).map((row) => ({ ...row, organisation: names.get(row.organisation_id) ?? "" })),
  );
}

/** The agency's defaults for a new quote: VAT rate and deposit (billing_settings). */
export async function billingDefaults(supabase: AppSupabase) {
  const { data } = await supabase
    .from("billing_settings")
    .select("vat_rate_bp, deposit_percent")
    .maybeSingle();
  return { vatRateBp: data?.vat_rate_bp ?? 1600, depositPercent: data?.deposit_percent ?? 50 };
}

/** A lead of the inbox as a quote needs it. */
export interface Lead {
  id: number;
  name: string;
  email: string;
  locale: Locale;
  message: string;
  /** The organisation the lead's account is already in, when it is one of the agency's clients. */
  organisation: { id: string; name: string } | null;
}

export async function leadById(supabase: AppSupabase, id: number | null): Promise<Result<Lead>> {
  if (id === null) return failWith("not-found", "quotes.leadNotFound");
  const { data, error } = await supabase
    .from("contact_messages")
    .select("id, name, email, locale, message, user_id")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!data) return failWith("not-found", "quotes.leadNotFound");
  // The client this lead already is: the one an earlier quote of the lead made (a second quote
  // never makes a second client), else the one the lead's account is in.
  const earlier = await supabase
    .from("quotes")
    .select("organisation_id")
    .eq("lead_id", data.id)
    .order("id")
    .limit(1)
    .maybeSingle();
  let organisationId = earlier.data?.organisation_id ?? null;
  if (!organisationId && data.user_id) {
    const member = await supabase
      .from("organisation_members")
      .select("organisation_id")
      .eq("user_id", data.user_id)
      .order("created_at")
      .limit(1)
      .maybeSingle();
    organisationId = member.data?.organisation_id ?? null;
  }
  const organisation = organisationId
    ? ((
        await supabase
          .from("organisations")
          .select("id, name")
          .eq("id", organisationId)
          .maybeSingle()
      ).data ?? null)
    : null;
  return ok({
    id: data.id,
    name: data.name,
    email: data.email,
    locale: isLocale(data.locale) ? data.locale : "en",
    message: data.message,
    organisation,
  });
}

/** Where a new draft comes from: a lead (its client made if need be) or a client's project. */
export type DraftSource =
  | { kind: "lead"; lead: Lead; organisationName: string }
  | { kind: "project"; organisationId: string; projectId: number | null; language: Locale };

/**
 * A new draft, dated today + 30 days with the agency's deposit. From a lead without a client:
 * the client organisation is created (the name given) and the lead's address invited as its
 * owner, in the lead's language — their invitation mail lets them sign up and see the quote.
 */
export async function createDraft(
  supabase: AppSupabase,
  source: DraftSource,
  title: string,
  today: string,
): Promise<Result<{ id: number; invited: boolean }>> {
  let organisationId: string;
  let invited = false;
  if (source.kind === "lead" && !source.lead.organisation) {
    const created = await supabase
      .from("organisations")
      .insert({ name: source.organisationName })
      .select("id")
      .single();
    if (created.error) return backendFailure(created.error);
    organisationId = created.data.id;
    const invitation = await inviteToOrganisation(supabase, {
      organisationId,
      email: source.lead.email.trim(),
      role: "owner",
      language: source.lead.locale,
    });
    invited = invitation.ok;
  } else {
    organisationId =
      source.kind === "lead" ? (source.lead.organisation?.id as string) : source.organisationId;
  }
  const { depositPercent } = await billingDefaults(supabase);
  const { data, error } = await supabase
    .from("quotes")
    .insert({
      organisation_id: organisationId,
      project_id: source.kind === "project" ? source.projectId : null,
      lead_id: source.kind === "lead" ? source.lead.id : null,
      title,
      language: source.kind === "lead" ? source.lead.locale : source.language,
      valid_until: addDays(today, QUOTE_VALID_DAYS),
      deposit_percent: depositPercent,
    })
    .select("id")
    .single();
  if (error) return backendFailure(error);
  return ok({ id: data.id, invited });
}

/**
 * Stores a draft's fields, then its lines (replaced by the typed ones in one call:
 * replace_draft_lines); the database keeps the totals. A quote that is no longer a draft is refused (conflict).
 */
export async function saveDraft(
  supabase: AppSupabase,
  id: number,
  input: QuoteInput,
): Promise<Result> {
  const { lines, ...fields } = input;
  const updated = await supabase
    .from("quotes")
    .update(fields)
    .eq("id", id)
    .eq("status", "draft")
    .select("id");
  if (updated.error) return backendFailure(updated.error);
  if (!updated.data?.length) return failWith("conflict", "quotes.editor.notDraft");
  const replaced = await replaceDraftLines(
    supabase,
    "quote",
    id,
    lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      vatRateBp: line.vat_rate_bp,
    })),
  );
  if (!replaced) return ok();
  if (replaced.hint === "sent") return failWith("conflict", "quotes.editor.notDraft");
  return backendFailure(replaced);
}

/** Sends a draft (public.send_quote): its number, or the refusal worded for the editor. */
export async function sendQuote(
  supabase: AppSupabase,
  id: number,
  today: string,
): Promise<Result<string>> {
  const { data, error } = await supabase.rpc("send_quote", { p_quote: id, p_today: today });
  if (!error) return ok(String(data));
  if (error.code === "P0002") return failWith("not-found", "quotes.notFound");
  if (error.hint === "total") return failWith("invalid", "quotes.editor.sendEmpty");
  if (error.hint === "valid_until") return failWith("invalid", "quotes.editor.datePast");
  if (error.hint === "sent") return failWith("conflict", "quotes.editor.notDraft");
  return backendFailure(error);
}

/** Deletes a draft (never a sent quote). */
export async function deleteDraft(supabase: AppSupabase, id: number): Promise<Result> {
  const { data, error } = await supabase
    .from("quotes")
    .delete()
    .eq("id", id)
    .eq("status", "draft")
    .select("id");
  if (error) return backendFailure(error);
  return data?.length ? ok() : fail("conflict", "Only a draft is deleted.");
}
