import { Link } from "react-router";
import { linkClass, stacked } from "~/components/admin/admin-page";
import type { QuoteListRow } from "~/domain/billing/quotes-view.server";
import { useT } from "~/i18n/use-t";

/**
 * A list of quotes (the agency's /admin/quotes, a client's organisation page): number and title
 * linking to the quote, the client (the agency's list), status, total and validity. A table that
 * stacks on phones.
 */
export function QuoteList({
  quotes,
  hrefOf,
  showClient = false,
  heading,
  empty,
}: {
  quotes: QuoteListRow[];
  hrefOf: (quote: QuoteListRow) => string;
  showClient?: boolean;
  heading?: string;
  empty: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="quote-list" className="mb-10">
      <h2 id="quote-list" className={heading ? "mb-4 text-xl font-bold text-slate-900" : "sr-only"}>
        {heading ?? t("quotes.title")}
      </h2>
      {quotes.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <div className={stacked.frame}>
          <table className={stacked.table}>
            <thead className={stacked.head}>
              <tr>
                <th className={stacked.th}>{t("quotes.quote")}</th>
                {showClient ? <th className={stacked.th}>{t("quotes.client.label")}</th> : null}
                <th className={stacked.th}>{t("quotes.statusLabel")}</th>
                <th className={stacked.th}>{t("quotes.total")}</th>
                <th className={stacked.th}>{t("quotes.validUntil")}</th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((quote) => (
                <tr key={quote.id} className={stacked.row} data-quote={quote.number}>
                  <td data-label={t("quotes.quote")} className={stacked.cell}>
                    <Link to={hrefOf(quote)} className={linkClass}>
                      {quote.number} · {quote.title}
                    </Link>
                  </td>
                  {showClient ? (
                    <td data-label={t("quotes.client.label")} className={stacked.cell}>
                      {quote.organisation}
                    </td>
                  ) : null}
                  <td data-label={t("quotes.statusLabel")} className={stacked.cell}>
                    {quote.statusText}
                  </td>
                  <td data-label={t("quotes.total")} className={stacked.cell}>
                    {quote.total}
                  </td>
                  <td data-label={t("quotes.validUntil")} className={stacked.cell}>
                    {quote.validUntil}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
