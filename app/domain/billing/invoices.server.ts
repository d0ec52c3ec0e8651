import type { PostgrestError } from "@supabase/supabase-js";
import { backendFailure } from "~/domain/admin/queries.server";
import { failWith } from "~/i18n/failures.server";
import { isLocale, type Locale } from "~/i18n/locale";
import type { MessageKey } from "~/i18n/messages";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { replaceDraftLines } from "./draft-lines.server";
import { agencyToday } from "./invoice-document.server";

/**
 * The agency's invoices as the signed-in admin writes them (issue 43, item 3): drafts and their
 * lines, issuing (public.issue_invoice: the year's next number in the same transaction),
 * voiding an unpaid invoice, and a credit note that corrects an issued one. The database
 * decides what is allowed (policies, frozen issued invoices, the ledger's checks): its refusals
 * (23514 with a hint, P0002 for a row nobody may see) are turned into messages here.
 */

/**
 * The language a client's documents are in: its latest invoice's, else its latest quote's (a
 * Kiswahili client's next invoice starts in Kiswahili, as its mail and PDF will be), else
 * `fallback`. The draft's editor still changes it.
 */
export async function clientLanguage(
  supabase: AppSupabase,
  organisationId: string,
  fallback: Locale,
): Promise<Locale> {
  const latest = (table: "invoices" | "quotes") =>
    supabase
      .from(table)
      .select("language")
      .eq("organisation_id", organisationId)
      .order("id", { ascending: false })
      .limit(1)
      .maybeSingle();
  for (const answer of [await latest("invoices"), await latest("quotes")]) {
    const language = answer.data?.language;
    if (language && isLocale(language)) return language;
  }
  return fallback;
}

export interface DraftInput {
  organisationId: string;
  projectId: number | null;
  language: "en" | "sw" | "fr";
  title: string;
  sellerName: string;
}

export interface LineValues {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
}

export interface DraftValues {
  title: string;
  notes: string;
  dueDate: string | null;
  reminders: boolean;
  language: "en" | "sw" | "fr";
  lines: LineValues[];
}

const notFound = () => failWith("not-found", "adminBilling.notFound");

/** An id from the URL: a positive safe integer, else undefined. */
export function idOf(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,15}$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** A refusal of the billing functions and triggers, by its hint, as the page's message. */
const REFUSALS: Record<string, MessageKey> = {
  lines: "adminBilling.draft.refusedLines",
  total: "adminBilling.draft.refusedTotal",
  issued: "adminBilling.draft.refusedIssued",
  credits: "adminBilling.draft.refusedCredits",
  paid: "adminBilling.issued.voidRefusedPaid",
};

export function refusal(error: PostgrestError, fallback?: MessageKey) {
  if (error.code === "P0002") return notFound();
  if (error.code === "23514" || error.code === "42501") {
    const key = REFUSALS[error.hint ?? ""] ?? fallback;
    if (key) return failWith("unprocessable", key);
  }
  return backendFailure(error);
}

/** A new draft for a client (and one of its projects); its id. */
export async function createDraft(
  supabase: AppSupabase,
  input: DraftInput,
): Promise<Result<number>> {
  const { data, error } = await supabase
    .from("invoices")
    .insert({
      organisation_id: input.organisationId,
      project_id: input.projectId,
      language: input.language,
      title: input.title,
      seller_name: input.sellerName,
    })
    .select("id")
    .single();
  if (error) return backendFailure(error);
  return ok(data.id);
}

/**
 * Saves a draft's fields, then replaces its lines in one call (replace_draft_lines: a refused
 * line leaves the old ones; a draft issued meanwhile keeps its own).
 */
export async function saveDraft(
  supabase: AppSupabase,
  id: number,
  values: DraftValues,
): Promise<Result> {
  const { data, error } = await supabase
    .from("invoices")
    .update({
      title: values.title,
      notes: values.notes,
      due_date: values.dueDate,
      reminders: values.reminders,
      language: values.language,
    })
    .eq("id", id)
    .eq("status", "draft")
    .select("id, organisation_id");
  if (error) return refusal(error);
  const draft = data?.[0];
  if (!draft) return failWith("unprocessable", "adminBilling.draft.refusedIssued");
  const replaced = await replaceDraftLines(supabase, "invoice", id, values.lines);
  if (replaced) return refusal(replaced);
  return ok();
}

/** Issues a draft with today's date in the agency's time zone; its number. */
export async function issueInvoice(supabase: AppSupabase, id: number): Promise<Result<string>> {
  const { data, error } = await supabase.rpc("issue_invoice", {
    p_invoice: id,
    p_today: agencyToday(),
  });
  if (error) {
    if (error.hint === "total" && error.message.includes("balance")) {
      return failWith("unprocessable", "adminBilling.draft.refusedCreditTotal");
    }
    return refusal(error);
  }
  return ok(String(data));
}

/** Voids an issued invoice that has no payments (the trigger refuses one with payments). */
export async function voidInvoice(
  supabase: AppSupabase,
  id: number,
  reason: string,
): Promise<Result> {
  const { data, error } = await supabase
    .from("invoices")
    .update({ status: "void", void_reason: reason || null })
    .eq("id", id)
    .in("status", ["issued", "partly_paid"])
    .select("id");
  if (error) return refusal(error, "adminBilling.issued.voidRefused");
  if (!data?.length) return failWith("unprocessable", "adminBilling.issued.voidRefused");
  return ok();
}

/** A draft credit note correcting issued invoice `id` (same client, project and language). */
export async function draftCreditNote(
  supabase: AppSupabase,
  id: number,
  title: (number: string) => string,
): Promise<Result<number>> {
  const { data: invoice, error } = await supabase
    .from("invoices")
    .select("id, organisation_id, project_id, language, number, kind, status, seller_name")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!invoice) return notFound();
  if (invoice.kind !== "invoice" || invoice.status === "draft" || invoice.status === "void") {
    return failWith("unprocessable", "adminBilling.draft.refusedCredits");
  }
  const created = await supabase
    .from("invoices")
    .insert({
      organisation_id: invoice.organisation_id,
      project_id: invoice.project_id,
      kind: "credit_note",
      credits_invoice_id: invoice.id,
      language: invoice.language,
      title: title(invoice.number ?? ""),
      seller_name: invoice.seller_name,
    })
    .select("id")
    .single();
  if (created.error) return refusal(created.error);
  return ok(created.data.id);
}

/** Switches an issued invoice's reminders (one of the few things that still change). */
export async function setReminders(
  supabase: AppSupabase,
  id: number,
  on: boolean,
): Promise<Result> {
  const { error } = await supabase.from("invoices").update({ reminders: on }).eq("id", id);
  if (error) return refusal(error);
  return ok();
}
