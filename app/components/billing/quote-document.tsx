import type { QuoteView } from "~/domain/billing/quotes-view.server";
import { useT } from "~/i18n/use-t";

/**
 * A quote as its client reads it (and the agency once it is sent): its lines with their VAT,
 * the totals, how long it is valid and its terms. Every amount comes worded by the server from
 * integer cents. On a phone the lines stack: nothing scrolls sideways at 360 px.
 */
export function QuoteDocument({ quote }: { quote: QuoteView }) {
  const t = useT();
  const cell =
    "flex gap-3 px-3 py-1 before:w-32 before:shrink-0 before:font-semibold before:text-slate-700 before:content-[attr(data-label)] sm:table-cell sm:py-2 sm:before:content-none";
  return (
    <section aria-labelledby="quote-lines" className="mb-8">
      <dl className="mb-6 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-900">{t("quotes.number")}</dt>
        <dd>{quote.number}</dd>
        <dt className="font-semibold text-slate-900">{t("quotes.statusLabel")}</dt>
        <dd data-quote-status={quote.status}>{quote.statusText}</dd>
        <dt className="font-semibold text-slate-900">{t("quotes.validUntil")}</dt>
        <dd>
          <time dateTime={quote.validUntil.iso}>{quote.validUntil.text}</time>
        </dd>
      </dl>
      <h2 id="quote-lines" className="mb-3 text-xl font-bold text-slate-900">
        {t("quotes.linesHeading")}
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 max-sm:sr-only">
          <tr>
            <th className="px-3 py-2">{t("quotes.description")}</th>
            <th className="px-3 py-2">{t("quotes.quantity")}</th>
            <th className="px-3 py-2">{t("quotes.unitPrice")}</th>
            <th className="px-3 py-2">{t("quotes.vatRate")}</th>
            <th className="px-3 py-2 sm:text-right">{t("quotes.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.id} className="block border-b border-slate-200 py-2 sm:table-row">
              <td
                data-label={t("quotes.description")}
                className={`${cell} [overflow-wrap:anywhere]`}
              >
                {line.description}
              </td>
              <td data-label={t("quotes.quantity")} className={cell}>
                {line.quantity}
              </td>
              <td data-label={t("quotes.unitPrice")} className={cell}>
                {line.unitPrice}
              </td>
              <td data-label={t("quotes.vatRate")} className={cell}>
                {line.vatRate}
              </td>
              <td data-label={t("quotes.amount")} className={`${cell} sm:text-right`}>
                {line.net}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ms-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{t("quotes.subtotal")}</dt>
        <dd className="text-right">{quote.subtotal}</dd>
        <dt>{t("quotes.vat")}</dt>
        <dd className="text-right">{quote.vat}</dd>
        <dt className="font-bold text-slate-900">{t("quotes.total")}</dt>
        <dd className="text-right font-bold text-slate-900" data-quote-total="">
          {quote.total}
        </dd>
        {quote.deposit ? (
          <>
            <dt>{t("quotes.deposit", { percent: quote.depositPercent })}</dt>
            <dd className="text-right">{quote.deposit}</dd>
          </>
        ) : null}
      </dl>
      {quote.terms ? (
        <>
          <h2 className="mt-8 mb-2 text-xl font-bold text-slate-900">{t("quotes.terms")}</h2>
          <p className="whitespace-pre-line text-slate-800">{quote.terms}</p>
        </>
      ) : null}
    </section>
  );
}
