import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import type { QuoteView } from "~/domain/billing/quotes-view.server";
import { useT } from "~/i18n/use-t";

/** A deposit invoice an accepted quote opened, worded for the page (quoteInvoices). */
export interface QuoteInvoiceRow {
  id: number;
  number: string;
  total: string;
  due: string;
  href: string;
}

/**
 * What the client's people read under a quote once it is answered or expired: that it expired,
 * or who accepted it and when (with the project it opened and its deposit invoices), or when it
 * was declined and why. `projectHref` says where the project's link leads (the portal's page,
 * or the agency's view of it).
 */
export function ClientQuoteAnswer({
  quote,
  expiredText,
  invoices,
  projectHref,
}: {
  quote: QuoteView;
  expiredText: string | null;
  invoices: QuoteInvoiceRow[];
  projectHref: (projectId: number) => string;
}) {
  const t = useT();
  return (
    <>
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
              <Link to={projectHref(quote.projectId)} className={linkClass}>
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
    </>
  );
}
