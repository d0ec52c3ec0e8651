import { z } from "zod";
import { backendFailure } from "~/domain/admin/queries.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { failWith } from "~/i18n/failures.server";
import { longDate } from "~/i18n/format";
import type { Translator } from "~/i18n/translate.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { queueBillingMails } from "./quote-mail.server";
import { sendQuote } from "./quotes.server";

/**
 * The moments a quote changes hands: the agency sends it (public.send_quote, then its mail to
 * the client's people), and the client's owner or member accepts it — name typed as a signature
 * — or declines it with a reason (public.decide_quote, as the signed-in person). An acceptance
 * that drafted a deposit invoice has it issued at once by the service role (public.issue_invoice)
 * and mailed to the client.
 */

/** Sends a draft and queues its mail; the quote's number. */
export async function sendAndMail(
  supabase: AppSupabase,
  quote: { id: number; organisation_id: string; language: string },
  today: string,
): Promise<Result<string>> {
  const sent = await sendQuote(supabase, quote.id, today);
  if (!sent.ok) return sent;
  const service = serviceRoleClient();
  if (service) {
    const queued = await queueBillingMails(service, {
      kind: "quote_sent",
      id: quote.id,
      organisationId: quote.organisation_id,
      locale: quote.language,
    });
    if (queued.ok && queued.value > 0) void kickOutbox();
    else if (!queued.ok) console.warn(`[quotes] mail of quote ${quote.id}: ${queued.message}`);
  }
  return sent;
}

export const SIGNATURE_MAX = 200;
export const REASON_MAX = 2000;

/** The client's answer: accept (signature + the box ticked) or decline (a reason). */
export function decisionSchema(t: Translator) {
  return z
    .object({
      intent: z.enum(["accept", "decline"], { error: t("quotes.client.intentInvalid") }),
      signature: z
        .string()
        .trim()
        .max(SIGNATURE_MAX, { error: t("quotes.client.signatureTooLong") })
        .default(""),
      agree: z.string().max(10).optional(),
      reason: z
        .string()
        .trim()
        .max(REASON_MAX, { error: t("quotes.client.reasonTooLong") })
        .default(""),
    })
    .superRefine((value, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
      if (value.intent === "accept") {
        if (value.signature.length < 2) issue("signature", t("quotes.client.signatureRequired"));
        if (value.agree !== "on") issue("agree", t("quotes.client.agreeRequired"));
      } else if (!value.reason) {
        issue("reason", t("quotes.client.reasonRequired"));
      }
    });
}
export type Decision = z.output<ReturnType<typeof decisionSchema>>;

/** What an acceptance opened: the project, and the deposit invoice issued (when there is one). */
export interface Accepted {
  projectId: number | null;
  invoice: { id: number; number: string | null } | null;
}

/**
 * The client's decision on a sent quote, as the signed-in person; the database's refusals
 * worded: not found (404: a draft, another client's, no such id), already answered, expired
 * (with its date), a signature or reason missing.
 */
export async function decideQuote(
  supabase: AppSupabase,
  quote: { id: number; valid_until: string; language: string; organisation_id: string },
  decision: Decision,
  today: string,
  t: Translator,
): Promise<Result<Accepted | null>> {
  const accept = decision.intent === "accept";
  const { data, error } = await supabase.rpc("decide_quote", {
    p_quote: quote.id,
    p_accept: accept,
    p_name: accept ? decision.signature : "",
    p_reason: accept ? "" : decision.reason,
    p_today: today,
  });
  if (error) {
    if (error.code === "P0002") return failWith("not-found", "quotes.notFound");
    if (error.hint === "expired") {
      return failWith("conflict", "quotes.client.expired", {
        date: longDate(quote.valid_until, t.locale),
      });
    }
    if (error.hint === "decided") return failWith("conflict", "quotes.client.decided");
    if (error.hint === "signature") return failWith("invalid", "quotes.client.signatureRequired");
    if (error.hint === "reason") return failWith("invalid", "quotes.client.reasonRequired");
    return backendFailure(error);
  }
  if (!accept) return ok(null);
  const invoiceId = data === null || data === undefined ? null : Number(data);
  const project = await supabase
    .from("quotes")
    .select("project_id")
    .eq("id", quote.id)
    .maybeSingle();
  const projectId = project.data?.project_id ?? null;
  if (invoiceId === null) return ok({ projectId, invoice: null });
  return ok({ projectId, invoice: await issueDeposit(invoiceId, today) });
}

/** Issues the deposit invoice as the service role and queues its mail. */
async function issueDeposit(
  invoiceId: number,
  today: string,
): Promise<{ id: number; number: string | null }> {
  const service = serviceRoleClient();
  if (!service) return { id: invoiceId, number: null };
  const issued = await service.rpc("issue_invoice", { p_invoice: invoiceId, p_today: today });
  if (issued.error) {
    console.warn(`[quotes] deposit invoice ${invoiceId} not issued: ${issued.error.message}`);
    return { id: invoiceId, number: null };
  }
  await mailIssuedInvoice(invoiceId);
  return { id: invoiceId, number: String(issued.data) };
}

/**
 * Queues the mail of issued invoice `invoiceId`, its PDF attached, to its client's owners,
 * members and pending invitees in the invoice's language, and wakes the outbox: the deposit an
 * acceptance issued, or an invoice the agency issued. Credit notes are not mailed. How many mails
 * were queued (0: nobody to tell, or no service role).
 */
export async function mailIssuedInvoice(invoiceId: number): Promise<number> {
  const service = serviceRoleClient();
  if (!service) return 0;
  const { data: invoice } = await service
    .from("invoices")
    .select("organisation_id, language, kind, number")
    .eq("id", invoiceId)
    .maybeSingle();
  if (!invoice?.number || invoice.kind !== "invoice") return 0;
  const queued = await queueBillingMails(service, {
    kind: "invoice_issued",
    id: invoiceId,
    organisationId: invoice.organisation_id,
    locale: invoice.language,
  });
  if (!queued.ok) {
    console.warn(`[billing] mail of invoice ${invoiceId}: ${queued.message}`);
    return 0;
  }
  if (queued.value > 0) void kickOutbox();
  return queued.value;
}
