import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { QuoteDecision } from "~/components/billing/quote-decision";
import { QuoteDocument } from "~/components/billing/quote-document";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData
      ? `${loaderData.quote.number} · ${loaderData.quote.title}`
      : t("quotes.title"),
    description: t("quotes.client.description"),
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./quote.server";

/**
 * A quote for its client's people: the document, and while it is sent and valid the forms that
 * accept or decline it; once answered, who answered and when, the project it opened and the
 * deposit invoice.
 */
export default function ClientQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, expiredText, invoices } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const organisation = quote.organisation;
  return (
    <>
      <PageHeading title={quote.title} subtitle={`${quote.number} · ${organisation.name}`} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <p className="mb-8">
          <Link to={t.path(`/organisations/${organisation.id}`)} className={linkClass}>
            {t("projects.back", { name: organisation.name })}
          </Link>
        </p>
        <Toasts toasts={[actionData?.toast]} />
        <QuoteDocument quote={quote} />
        {expiredText ? (
          <p role="status" className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4">
            {expiredText}
          </p>
        ) : null}
        {quote.status === "accepted" && quote.decided ? (
          <section aria-labelledby="quote-answer" className="mb-8 rounded-lg bg-emerald-50 p-4">
            <h2 id="quote-answer" className="mb-2 text-xl font-bold text-slate-900">
              {t("quotes.client.acceptedHeading")}
            </h2>
            <p data-quote-decision="">
              {t("quotes.client.acceptedBy", {
                name: quote.decided.name ?? "",
                at: quote.decided.at,
              })}
            </p>
            {quote.projectId ? (
              <p className="mt-2">
                <Link
                  to={t.path(`/organisations/${organisation.id}/projects/${quote.projectId}`)}
                  className={linkClass}
                >
                  {t("quotes.client.toProject")}
                </Link>
              </p>
            ) : null}
            {invoices.map((invoice) => (
              <p key={invoice.id} className="mt-2" data-deposit-invoice={invoice.number}>
                {t("quotes.client.depositInvoice", {
                  number: invoice.number,
                  total: invoice.total,
                  due: invoice.due,
                })}{" "}
                <Link to={invoice.href} className={linkClass}>
                  {t("quotes.client.toInvoice")}
                </Link>
              </p>
            ))}
          </section>
        ) : null}
        {quote.status === "declined" && quote.decided ? (
          <section aria-labelledby="quote-answer" className="mb-8 rounded-lg bg-slate-100 p-4">
            <h2 id="quote-answer" className="mb-2 text-xl font-bold text-slate-900">
              {t("quotes.client.declinedHeading")}
            </h2>
            <p data-quote-decision="">{t("quotes.client.declinedAt", { at: quote.decided.at })}</p>
            <p className="mt-2 whitespace-pre-line">{quote.decided.reason}</p>
          </section>
        ) : null}
        {quote.open ? (
          <QuoteDecision
            action={t.path(`/organisations/${organisation.id}/quotes/${quote.id}`)}
            reply={reply}
            answer={actionData}
          />
        ) : null}
      </div>
    </>
  );
}
