import { data, redirect } from "react-router";
import { z } from "zod";
import {
  clientInvoice,
  dueCents,
  partialPaymentsAllowed,
  profilePhone,
  shillingsToCents,
} from "~/domain/billing/client-invoices.server";
import { requestPush } from "~/domain/payments/pushes.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import { fail } from "~/lib/result";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { type FormAnswer, failedForm, type Submission } from "~/web/replies.server";
import type { Route } from "./+types/invoice";
import { clientOrganisation } from "./invoices.server";

/** An invoice of the organisation the caller may read, or 404 (another client's, a draft). */
async function invoiceOf(supabase: AppSupabase, params: Route.LoaderArgs["params"]) {
  const organisation = await clientOrganisation(supabase, params.organisationId);
  const invoice = await clientInvoice(supabase, organisation.id, params.invoiceId);
  if (!invoice.ok) {
    throw data({ message: invoice.message }, { status: invoice.kind === "not-found" ? 404 : 502 });
  }
  return { organisation, ...invoice.value };
}

/** An invoice its people can pay: one with a balance, neither paid nor void (no credit note). */
export function isPayable(row: { kind: string; balanceCents: number; status: string }) {
  return (
    row.kind === "invoice" && row.balanceCents > 0 && row.status !== "paid" && row.status !== "void"
  );
}

/**
 * /organisations/:organisationId/invoices/:invoiceId: the invoice as its PDF reads, its PDF,
 * and while it has a balance the M-Pesa Express form (the phone prefilled from the profile, the
 * amount the balance rounded up to the shilling — editable when the agency takes partial
 * payments).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, user } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const { organisation, row, document } = await invoiceOf(supabase, args.params);
  const payable = isPayable(row);
  return {
    organisation,
    invoice: { id: row.id, number: row.number, status: row.status, kind: row.kind },
    document,
    pay: payable
      ? {
          phone: profilePhone(user),
          amount: String(dueCents(row.balanceCents) / 100),
          partial: await partialPaymentsAllowed(),
        }
      : null,
    i18n: bundle(t.locale, ["clientInvoices", "invoiceDocument", "payments"]),
  };
}

const paySchema = z.object({
  phone: z.string().max(60).optional(),
  amount: z.string().max(40).optional(),
});

/** A field's error next to it, with what was typed kept (400). */
function fieldError(
  submission: { reply(options: { fieldErrors: Record<string, string[]> }): FormReply["result"] },
  field: "phone" | "amount",
  message: string,
) {
  return data<FormReply>(
    { result: submission.reply({ fieldErrors: { [field]: [message] } }), formError: null },
    { status: 400 },
  );
}

/** The amount asked for: the typed one when partial payments are on, else the whole balance. */
async function amountOf(typed: string | undefined, balanceCents: number): Promise<number | null> {
  if (!(await partialPaymentsAllowed())) return dueCents(balanceCents);
  return shillingsToCents(typed ?? "");
}

/**
 * POST: asks for an M-Pesa Express prompt (requestPush). A prompt sent, refused at once or
 * already waiting → 303 to the payment's page; a bad phone or amount → the error next to its
 * field; the phone's limit → the real wait; an invoice no longer open → a message.
 */
export async function action(args: Route.ActionArgs): Promise<FormAnswer<FormReply>> {
  const t = translator(localeOf(args.request));
  const form = await readAdminForm(args, paySchema);
  if ("answer" in form) return form.answer as FormAnswer<FormReply>;
  const { organisation, row } = await invoiceOf(form.supabase, args.params);
  const amountCents = await amountOf(form.value.amount, row.balanceCents);
  if (amountCents === null || amountCents <= 0 || amountCents > dueCents(row.balanceCents)) {
    return fieldError(form.submission, "amount", t("payments.request.amountInvalid"));
  }
  const answer = await requestPush(form.supabase, {
    invoiceId: row.id,
    phoneText: form.value.phone ?? "",
    amountCents,
  });
  const paymentPage = (pushId: number) =>
    redirect(t.path(`/organisations/${organisation.id}/payments/${pushId}`), 303);
  switch (answer.kind) {
    case "started":
    case "refused":
      return paymentPage(answer.pushId);
    case "pending":
      if (answer.pushId !== null) return paymentPage(answer.pushId);
      return failedForm(fail("conflict", t("payments.request.pending")), form.submission);
    case "field":
      return fieldError(form.submission, answer.field, t(answer.key));
    case "limited":
      return limitedAnswer(t, answer.retryAfter, form.submission);
    case "not-open":
      return failedForm(fail("conflict", t("payments.request.notOpen")), form.submission);
    case "not-found":
      throw data({ message: "There is no such invoice." }, { status: 404 });
    default:
      return failedForm(fail("backend", answer.message), form.submission);
  }
}

/** 429 with the real wait in whole minutes (rounded up) and Retry-After. */
function limitedAnswer(t: Translator, retryAfter: number, submission: Submission) {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return failedForm(
    fail("limited", t("payments.request.limited", { minutes }), retryAfter),
    submission,
  );
}
