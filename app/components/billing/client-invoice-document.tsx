import { Fragment } from "react";
import type { InvoiceDocument } from "~/domain/invoices/document";
import { statusKey, titleKey } from "~/domain/invoices/labels";
import { formatCents, formatRate } from "~/domain/invoices/money";
import { longDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";

/**
 * An invoice or credit note as a page that reads like its PDF (app/domain/invoices/pdf.server.tsx):
 * the agency and the client with their KRA PINs, the lines, VAT per rate, total, paid, balance
 * and the Paybill instruction — in the visitor's language (the PDF is in the document's).
 */
export function ClientInvoiceDocument({ doc }: { doc: InvoiceDocument }) {
  const t = useT();
  const money = (cents: number) => formatCents(cents, t.locale);
  const date = (iso: string) => <time dateTime={iso}>{longDate(iso, t.locale)}</time>;
  const { agency, client, totals } = doc;
  const invoice = doc.kind === "invoice";
  return (
    <article
      aria-labelledby="invoice-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div className="[overflow-wrap:anywhere]">
          <p className="text-lg font-bold text-slate-900">{agency.name}</p>
          {agency.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{t("invoiceDocument.kraPin", { pin: agency.kraPin || "—" })}</p>
          {agency.phone ? (
            <p className="text-slate-700">{t("invoiceDocument.phone", { phone: agency.phone })}</p>
          ) : null}
          <p className="text-slate-700">{agency.email}</p>
        </div>
        <div className="sm:text-end">
          <h2 id="invoice-title" className="text-2xl font-bold text-slate-900">
            {t(titleKey(doc.kind))}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:justify-end">
            <dt className="text-slate-700">{t("invoiceDocument.number")}</dt>
            <dd className="font-semibold">{doc.number}</dd>
            <dt className="text-slate-700">{t("invoiceDocument.issueDate")}</dt>
            <dd className="font-semibold">{date(doc.issueDate)}</dd>
            {doc.dueDate ? (
              <>
                <dt className="text-slate-700">{t("invoiceDocument.dueDate")}</dt>
                <dd className="font-semibold">{date(doc.dueDate)}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-2 font-semibold text-brand-800">{t(statusKey(doc))}</p>
          {doc.corrects ? (
            <p className="text-slate-700">
              {t("invoiceDocument.corrects", { number: doc.corrects })}
            </p>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="bill-to" className="mt-6 [overflow-wrap:anywhere]">
        <h3 id="bill-to" className="text-sm font-semibold text-slate-700 uppercase">
          {t("invoiceDocument.billTo")}
        </h3>
        <p className="font-semibold text-slate-900">{client.organisation}</p>
        <p>
          {client.kraPin
            ? t("invoiceDocument.kraPin", { pin: client.kraPin })
            : t("invoiceDocument.noKraPin")}
        </p>
      </section>
      <DocumentLines doc={doc} />
      <dl className="ms-auto mt-6 grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        <dt>{t("invoiceDocument.subtotal")}</dt>
        <dd className="text-end">{money(totals.subtotalCents)}</dd>
        {totals.vat.map((rate) => (
          <Fragment key={rate.rateBp}>
            <dt>
              {t("invoiceDocument.vatAt", {
                rate: formatRate(rate.rateBp, t.locale),
                base: money(rate.netCents),
              })}
            </dt>
            <dd className="text-end">{money(rate.vatCents)}</dd>
          </Fragment>
        ))}
        <dt className="font-bold">
          {t(invoice ? "invoiceDocument.total" : "invoiceDocument.totalCredited")}
        </dt>
        <dd className="text-end font-bold">{money(totals.totalCents)}</dd>
        {invoice ? (
          <>
            <dt>{t("invoiceDocument.paid")}</dt>
            <dd className="text-end">{money(doc.paidCents)}</dd>
            <dt className="font-bold">
              {t(doc.balanceCents < 0 ? "invoiceDocument.credit" : "invoiceDocument.balanceDue")}
            </dt>
            <dd className="text-end font-bold" data-balance="">
              {money(Math.abs(doc.balanceCents))}
            </dd>
          </>
        ) : null}
      </dl>
      {doc.payments.length > 0 ? (
        <section aria-labelledby="payments-received" className="mt-6">
          <h3 id="payments-received" className="text-sm font-semibold text-slate-700 uppercase">
            {t("invoiceDocument.paymentsReceived")}
          </h3>
          <ul className="mt-1 space-y-1">
            {doc.payments.map((p) => (
              <li key={`${p.reference}:${p.receivedAt}`} className="flex justify-between gap-4">
                <span>
                  {t("invoiceDocument.paymentLine", {
                    date: longDate(p.receivedAt, t.locale),
                    method: p.method,
                    reference: p.reference,
                  })}
                </span>
                <span className="tabular-nums">{money(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {doc.payment ? (
        <div className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold text-slate-900">
            {t("invoiceDocument.payBy", {
              paybill: doc.payment.paybill,
              account: doc.payment.account,
            })}
          </p>
          <p className="text-sm text-slate-700">{t("invoiceDocument.payHint")}</p>
        </div>
      ) : null}
      {doc.notes ? (
        <section aria-labelledby="invoice-notes" className="mt-6 whitespace-pre-line">
          <h3 id="invoice-notes" className="text-sm font-semibold text-slate-700 uppercase">
            {t("invoiceDocument.notes")}
          </h3>
          <p>{doc.notes}</p>
        </section>
      ) : null}
      <p className="mt-6 text-sm text-slate-700">{t("invoiceDocument.currency")}</p>
    </article>
  );
}

/** The lines: a table on wide screens, each line a block on a phone. */
function DocumentLines({ doc }: { doc: InvoiceDocument }) {
  const t = useT();
  const money = (cents: number) => formatCents(cents, t.locale);
  const columns = [
    t("invoiceDocument.columns.description"),
    t("invoiceDocument.columns.quantity"),
    t("invoiceDocument.columns.unitPrice"),
    t("invoiceDocument.columns.vatRate"),
    t("invoiceDocument.columns.vat"),
    t("invoiceDocument.columns.amount"),
  ];
  const cell = "block py-1 sm:table-cell sm:px-2 sm:py-2";
  const number = `${cell} tabular-nums sm:text-end`;
  return (
    <table className="mt-6 w-full border-collapse text-start">
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="border-b border-slate-300">
          {columns.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={`px-2 py-2 text-sm font-semibold ${i === 0 ? "text-start" : "text-end"}`}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {doc.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are shown in their stored order
          <tr key={i} className="block border-b border-slate-200 py-2 sm:table-row">
            <td className={`${cell} font-semibold [overflow-wrap:anywhere] sm:font-normal`}>
              {line.description}
            </td>
            <td className={number}>
              <span className="sm:sr-only">{columns[1]}: </span>
              {line.quantity}
            </td>
            <td className={number}>
              <span className="sm:sr-only">{columns[2]}: </span>
              {money(line.unitPriceCents)}
            </td>
            <td className={number}>
              <span className="sm:sr-only">{columns[3]}: </span>
              {formatRate(line.vatRateBp, t.locale)}
            </td>
            <td className={number}>
              <span className="sm:sr-only">{columns[4]}: </span>
              {money(line.vatCents)}
            </td>
            <td className={number}>
              <span className="sm:sr-only">{columns[5]}: </span>
              {money(line.netCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
