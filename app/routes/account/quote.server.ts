import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { agencyToday, idOf, quoteById } from "~/domain/billing/quotes.server";
import { decideQuote, decisionSchema } from "~/domain/billing/quotes-decide.server";
import { quoteInvoices, quoteView } from "~/domain/billing/quotes-view.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/quote";

/**
 * /organisations/:organisationId/quotes/:quoteId: a quote the agency sent, as its client's people
 * read and answer it (issue 43 item 2). A draft, another organisation's quote or one of an
 * organisation the person is not in answers 404: the database shows them nothing.
 */
async function clientQuote(
  supabase: AppSupabase,
  params: { organisationId?: string; quoteId?: string },
) {
  const organisation = await organisationById(supabase, params.organisationId);
  const quote = organisation.ok
    ? await quoteById(supabase, idOf(params.quoteId), organisation.value.id)
    : organisation;
  if (!quote.ok) {
    throw data({ message: quote.message }, { status: quote.kind === "not-found" ? 404 : 502 });
  }
  return quote.value;
}

/**
 * A quote's page as its client's people read it: the quote, what an expired one says and, once
 * accepted, the deposit invoices it opened (`invoiceHref`: where the page links them).
 */
export async function clientQuotePage(
  supabase: AppSupabase,
  params: { organisationId?: string; quoteId?: string },
  t: Translator,
  invoiceHref: (invoice: { id: number; organisation_id: string }) => string,
) {
  const found = await clientQuote(supabase, params);
  const quote = quoteView(found, t);
  return {
    organisationId: found.organisation.id,
    quote,
    expiredText:
      quote.status === "expired"
        ? t("quotes.client.expired", { date: quote.validUntil.text })
        : null,
    invoices:
      quote.status === "accepted" ? await quoteInvoices(supabase, quote.id, t, invoiceHref) : [],
    i18n: bundle(t.locale, ["quotes", "projects"]),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const { organisationId, ...page } = await clientQuotePage(supabase, args.params, t, (invoice) =>
    t.path(`/organisations/${invoice.organisation_id}/invoices/${invoice.id}`),
  );
  // Only the client's owners and members answer (decide_quote says the same): the agency reads.
  const viewer = args.context.get(viewerContext);
  const mayAnswer = viewer.memberships.some(
    (membership) => membership.organisationId === organisationId,
  );
  return { ...page, quote: { ...page.quote, open: page.quote.open && mayAnswer } };
}

/** Accept (signature, box ticked) or decline (a reason); the database has the last word. */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  const form = await readAdminForm(args, decisionSchema(t));
  if ("answer" in form) return form.answer;
  const found = await clientQuote(form.supabase, args.params);
  const decided = await decideQuote(form.supabase, found.quote, form.value, agencyToday(), t);
  if (!decided.ok) {
    if (decided.kind === "not-found") throw data({ message: decided.message }, { status: 404 });
    return failedForm(localizeFailure(decided, t), form.submission);
  }
  const number = found.quote.number ?? "";
  const here = t.path(`/organisations/${found.organisation.id}/quotes/${found.quote.id}`);
  const title = t(
    form.value.intent === "accept" ? "quotes.client.youAccepted" : "quotes.client.youDeclined",
    { number },
  );
  return redirectWithToast(here, { type: "success", title });
}
