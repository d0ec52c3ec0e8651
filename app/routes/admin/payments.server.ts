import { data } from "react-router";
import { z } from "zod";
import { can } from "~/domain/access/permissions";
import { agencyToday } from "~/domain/billing/invoice-document.server";
import {
  assignPayment,
  loadLedger,
  recordPayment,
  verifyPaybillByAdmin,
} from "~/domain/billing/ledger.server";
import { parseKesCents } from "~/domain/billing/money-input";
import { formatCents } from "~/domain/invoices/money";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/payments";

/**
 * Whether the viewer handles money by hand (records, assigns, verifies): administrators, by the
 * permission table (payment create `any`). Staff read the payments of their clients only.
 */
const handlesMoney = (context: Route.LoaderArgs["context"]) =>
  can(context.get(viewerContext), "create", "payment", "any");

/** The ledger, the money to assign, the flagged prompts, and the forms that act on them. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const ledger = await loadLedger(supabase);
  if (!ledger.ok) throw data({ message: ledger.message }, { status: 502 });
  const money = (cents: number) => formatCents(cents, t.locale);
  const view = (p: (typeof ledger.value.payments)[number]) => ({
    id: p.id,
    method: p.method,
    receipt: p.receipt ?? "",
    amount: money(p.amountCents),
    left: money(p.amountCents - p.allocatedCents),
    client: p.client,
    account: p.account,
    receivedAt: p.receivedAt.slice(0, 10),
    verified: p.verified,
    note: p.note,
    applied: p.applied.map((a) => ({ ...a, amount: money(a.amountCents) })),
  });
  return {
    payments: ledger.value.payments.map(view),
    unmatched: ledger.value.unmatched.map(view),
    flagged: ledger.value.flagged.map((f) => ({ ...f, amount: money(f.amountCents) })),
    clients: ledger.value.clients,
    manage: handlesMoney(args.context),
    today: agencyToday(),
    i18n: bundle(t.locale, ["adminBilling.payments"]),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function paymentsSchema(t: Translator) {
  const amount = t("adminBilling.payments.amountInvalid");
  return z
    .object({
      intent: z.enum(["assign", "verify", "record"]),
      payment: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional(),
      invoice_number: z.string().trim().max(40).optional(),
      amount: z.string().trim().max(40, { error: amount }).optional(),
      method: z.string().optional(),
      client: z.string().max(40).optional(),
      received_on: z.string().trim().max(20).optional(),
      note: z
        .string()
        .trim()
        .max(500, { error: t("adminBilling.payments.noteTooLong") })
        .optional(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      if (v.intent === "verify") return;
      if (parseKesCents(v.amount ?? "") === undefined) issue("amount", amount);
      if (v.intent === "assign" && !v.invoice_number) {
        issue("invoice_number", t("adminBilling.payments.invoiceUnknown"));
      }
      if (v.intent === "record") {
        if (v.method !== "cash" && v.method !== "bank") {
          issue("method", t("adminBilling.payments.methodInvalid"));
        }
        if (!v.client) issue("client", t("adminBilling.payments.clientInvalid"));
        const day = v.received_on ?? "";
        if (!ISO_DATE.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) {
          issue("received_on", t("adminBilling.draft.dateInvalid"));
        }
      }
    });
}

const FIELD_OF = { invoice: "invoice_number", amount: "amount" } as const;

export async function action(args: Route.ActionArgs) {
  // Nothing here is staff's: no form is offered them, and a post answers as for no page.
  if (!handlesMoney(args.context)) throw data({ message: "Not found" }, { status: 404 });
  const t = translator(adminLocale(args.request));
  const form = await readAdminForm(args, paymentsSchema(t));
  if ("answer" in form) return form.answer;
  const { supabase, submission, value } = form;
  const money = (cents: number) => formatCents(cents, t.locale);
  const fieldError = (field: string, message: string, status = 422) =>
    data(
      { result: submission.reply({ fieldErrors: { [field]: [message] } }), formError: null },
      { status },
    );
  const cents = parseKesCents(value.amount ?? "") ?? 0;
  if (value.intent === "verify") {
    const verified = await verifyPaybillByAdmin(supabase, Number(value.payment ?? 0));
    if (!verified.ok) return failedForm(localizeFailure(verified, t), submission);
    return redirectWithToast("/admin/payments", {
      type: "success",
      title:
        verified.value > 0
          ? t("adminBilling.payments.verified", { amount: money(verified.value) })
          : t("adminBilling.payments.verifiedNone"),
    });
  }
  let paymentId = Number(value.payment ?? 0);
  if (value.intent === "record") {
    const client = value.client ?? "";
    const recorded = await recordPayment(supabase, {
      method: value.method === "bank" ? "bank" : "cash",
      amountCents: cents,
      organisationId: client,
      receivedOn: value.received_on ?? "",
      note: value.note ?? "",
    });
    if (!recorded.ok) {
      if (recorded.kind === "invalid" || recorded.kind === "backend") {
        return fieldError("client", t("adminBilling.payments.clientInvalid"), 400);
      }
      return failedForm(localizeFailure(recorded, t), submission);
    }
    paymentId = recorded.value;
    if (!value.invoice_number) {
      return redirectWithToast("/admin/payments", {
        type: "success",
        title: t("adminBilling.payments.recorded", { amount: money(cents) }),
      });
    }
  }
  const assigned = await assignPayment(supabase, paymentId, value.invoice_number ?? "", cents);
  if (!assigned.ok && value.intent === "record") {
    // Recorded, not assigned: it waits in the unmatched list (posting again would record it twice).
    return redirectWithToast("/admin/payments", {
      type: "info",
      title: `${t("adminBilling.payments.recorded", { amount: money(cents) })}. ${assigned.key ? t(assigned.key) : assigned.message}`,
    });
  }
  if (!assigned.ok) {
    const message = assigned.key ? t(assigned.key) : assigned.message;
    if (assigned.field) return fieldError(FIELD_OF[assigned.field], message);
    return data({ result: submission.reply(), formError: message }, { status: 502 });
  }
  return redirectWithToast("/admin/payments", {
    type: "success",
    title: t("adminBilling.payments.assigned", { amount: money(cents), number: assigned.number }),
  });
}
