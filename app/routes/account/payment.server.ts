import { data } from "react-router";
import { canRetry, type OutcomeKind } from "~/domain/payments/daraja/outcomes";
import { pushView } from "~/domain/payments/pushes.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import { formatMpesaPhone } from "~/lib/mpesa-phone";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/payment";
import { clientOrganisation } from "./invoices.server";

const PUSH_ID = /^[1-9][0-9]{0,15}$/;

/**
 * /organisations/:organisationId/payments/:pushId: an M-Pesa Express request as its payer
 * follows it — waiting for the PIN, then its outcome (paid with the receipt and the balance
 * left, cancelled, timed out…) with what to do next. Only for the organisation's people;
 * another organisation's push is 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const organisation = await clientOrganisation(supabase, args.params.organisationId);
  const pushId = args.params.pushId ?? "";
  const push = PUSH_ID.test(pushId)
    ? await pushView(supabase, organisation.id, Number(pushId))
    : null;
  if (!push) throw data({ message: "There is no such payment." }, { status: 404 });
  const { data: invoice } = await supabase
    .from("invoices")
    .select("number, total_cents, paid_cents, credited_cents")
    .eq("id", push.invoiceId)
    .maybeSingle();
  const balanceCents = invoice
    ? Number(invoice.total_cents) - Number(invoice.paid_cents) - Number(invoice.credited_cents)
    : 0;
  const waiting = push.shown === "waiting";
  // Reloading by itself only when the payer asked for it (?auto=1): an automatic refresh the
  // person did not choose fails WCAG 2.2.1 (F41). "Check again" needs no opt-in.
  const auto = waiting && args.url.searchParams.get("auto") === "1";
  const final = push.shown !== "waiting" && push.shown !== "unreachable";
  return {
    organisation,
    push: {
      id: push.id,
      shown: push.shown,
      amountCents: push.amountCents,
      // As the person typed it, in groups ("0713 385 373"), not Daraja's 254713385373.
      phone: formatMpesaPhone(push.phone),
      receipt: push.receipt,
    },
    invoice: { id: push.invoiceId, number: invoice?.number ?? "", balanceCents },
    waiting,
    auto,
    retry: final ? canRetry(push.shown as OutcomeKind) && balanceCents > 0 : !waiting,
    i18n: bundle(t.locale, ["clientInvoices", "payments"]),
  };
}
