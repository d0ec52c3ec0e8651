import { data } from "react-router";
import { z } from "zod";
import {
  agencyToday,
  documentContext,
  loadInvoiceRows,
} from "~/domain/billing/invoice-document.server";
import {
  draftCreditNote,
  idOf,
  issueInvoice,
  saveDraft,
  setReminders,
  voidInvoice,
} from "~/domain/billing/invoices.server";
import {
  draftSchema,
  draftValues,
  EDITOR_MAX_FIELDS,
  echo,
  emptyRow,
  LINE_EXTRA,
  readLines,
  typedRows,
} from "~/domain/billing/invoices-form.server";
import { draftView, invoiceSummary, issuedDetails } from "~/domain/billing/invoices-view.server";
import { mailIssuedInvoice } from "~/domain/billing/quotes-decide.server";
import { DEFAULT_SETTINGS, loadBillingSettings } from "~/domain/billing/settings.server";
import { LINE_LIMITS } from "~/domain/invoices/document";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import type { Failure } from "~/lib/result";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { rejectedForm, STATUS_OF } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/invoice";

const notFound = (t: Translator) => data({ message: t("adminBilling.notFound") }, { status: 404 });

/** One invoice: a draft's editor, or an issued document with what may still be done to it. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const id = idOf(args.params.id);
  const rows = id === undefined ? null : await loadInvoiceRows(supabase, id);
  if (!rows) throw notFound(t);
  const [context, settings] = await Promise.all([
    documentContext(supabase),
    loadBillingSettings(supabase),
  ]);
  const billing = settings.ok ? settings.value : DEFAULT_SETTINGS;
  const draft = rows.invoice.status === "draft";
  return {
    summary: invoiceSummary(rows, context, t),
    draft: draft ? draftView(rows, billing) : null,
    details: draft ? null : issuedDetails(rows, context, t),
    paymentDays: billing.payment_days,
    vatRateBp: billing.vat_rate_bp,
    i18n: bundle(t.locale, ["adminBilling.draft", "adminBilling.issued", "invoiceDocument"]),
  };
}

/** An answer that keeps what was typed: the rows, the fields, the errors and a message. */
function typedAnswer(
  formData: FormData,
  rows: ReturnType<typeof typedRows>,
  status: number,
  errors: Record<string, string[]> = {},
  formError: string | null = null,
) {
  return data({ result: echo(formData, rows, errors), formError }, { status });
}

function failedTyped(failure: Failure, formData: FormData, rows: ReturnType<typeof typedRows>) {
  return typedAnswer(formData, rows, STATUS_OF[failure.kind], {}, failure.message);
}

/** The editor's buttons: save, add a line, remove one, issue. */
async function answerEditor(args: Route.ActionArgs, id: number, t: Translator) {
  const read = await readSubmission(args.request, draftSchema(t), {
    extra: { ...LINE_EXTRA },
    maxFields: EDITOR_MAX_FIELDS,
  });
  if (!read.ok) return rejectedForm(read);
  const { submission, formData } = read;
  const rows = typedRows(formData);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "add") {
    if (rows.length >= LINE_LIMITS.linesMax) {
      return typedAnswer(formData, rows, 400, {}, t("adminBilling.draft.linesMax"));
    }
    const settings = await loadBillingSettings(getSupabase(args.context));
    const rate = settings.ok ? settings.value.vat_rate_bp : DEFAULT_SETTINGS.vat_rate_bp;
    return typedAnswer(formData, [...rows, emptyRow(rate)], 200);
  }
  if (intent.startsWith("remove-")) {
    const index = Number(intent.slice("remove-".length));
    return typedAnswer(
      formData,
      rows.filter((_, i) => i !== index),
      200,
    );
  }
  const lines = readLines(rows, t);
  const fieldErrors = submission.status === "success" ? {} : (submission.error ?? {});
  const errors = { ...fieldErrors, ...lines.errors } as Record<string, string[]>;
  // Issued today, due no earlier (the table's check would refuse it at issue).
  const due = submission.status === "success" ? submission.value.due_date : undefined;
  if (due && due < agencyToday()) errors.due_date = [t("adminBilling.draft.dueDatePast")];
  if (submission.status !== "success" || Object.keys(errors).length > 0) {
    return typedAnswer(formData, rows, 400, errors);
  }
  const supabase = getSupabase(args.context);
  const saved = await saveDraft(supabase, id, draftValues(submission.value, lines.lines));
  if (!saved.ok) return failedTyped(localizeFailure(saved, t), formData, rows);
  if (intent !== "issue") {
    return redirectWithToast(`/admin/invoices/${id}`, {
      type: "success",
      title: t("adminBilling.draft.saved"),
    });
  }
  const issued = await issueInvoice(supabase, id);
  if (!issued.ok) return failedTyped(localizeFailure(issued, t), formData, rows);
  // The client learns of it as of a deposit: a mail with its PDF, in the invoice's language.
  const mailed = await mailIssuedInvoice(id);
  return redirectWithToast(`/admin/invoices/${id}`, {
    type: "success",
    title: t(mailed > 0 ? "adminBilling.draft.issuedMailed" : "adminBilling.draft.issuedAs", {
      number: issued.value,
    }),
  });
}

function issuedSchema(t: Translator) {
  return z.object({
    intent: z.enum(["void", "credit_note", "reminders"]),
    void_reason: z
      .string()
      .trim()
      .max(500, { error: t("adminBilling.issued.voidReasonTooLong") })
      .optional(),
    reminders: z.enum(["on", "off"]).optional(),
  });
}

/** An issued invoice's buttons: void it, draft a credit note, switch its reminders. */
async function answerIssued(args: Route.ActionArgs, id: number, t: Translator) {
  const form = await readAdminForm(args, issuedSchema(t));
  if ("answer" in form) return form.answer;
  const here = `/admin/invoices/${id}`;
  const { intent } = form.value;
  const failed = (failure: Failure) => {
    const localized = localizeFailure(failure, t);
    return data(
      {
        result: form.submission.reply({ formErrors: [localized.message] }),
        formError: localized.message,
      },
      { status: STATUS_OF[localized.kind] },
    );
  };
  if (intent === "credit_note") {
    const created = await draftCreditNote(form.supabase, id, (number) =>
      t("adminBilling.draft.creditNoteOf", { number }),
    );
    if (!created.ok) return failed(created);
    return redirectWithToast(`/admin/invoices/${created.value}`, {
      type: "success",
      title: t("adminBilling.issued.creditNoteCreated"),
    });
  }
  if (intent === "reminders") {
    const switched = await setReminders(form.supabase, id, form.value.reminders === "on");
    if (!switched.ok) return failed(switched);
    return redirectWithToast(here, {
      type: "success",
      title: t(
        form.value.reminders === "on"
          ? "adminBilling.issued.remindersOn"
          : "adminBilling.issued.remindersOff",
      ),
    });
  }
  const voided = await voidInvoice(form.supabase, id, form.value.void_reason ?? "");
  if (!voided.ok) return failed(voided);
  return redirectWithToast(here, { type: "success", title: t("adminBilling.issued.voided") });
}

export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const id = idOf(args.params.id);
  const { data: found } =
    id === undefined
      ? { data: null }
      : await getSupabase(args.context)
          .from("invoices")
          .select("id, status")
          .eq("id", id)
          .maybeSingle();
  if (!found || id === undefined) throw notFound(t);
  return found.status === "draft" ? answerEditor(args, id, t) : answerIssued(args, id, t);
}
