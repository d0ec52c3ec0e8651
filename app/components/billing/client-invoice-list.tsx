import { Link } from "react-router";
import { linkClass, stacked } from "~/components/admin/admin-page";
import { StackedTable } from "~/components/admin/stacked-table";
import type { InvoiceRow } from "~/domain/billing/client-invoices.server";
import { statusKey } from "~/domain/invoices/labels";
import { formatCents } from "~/domain/invoices/money";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";

/** Tones of a status: paid is done, overdue wants attention. */
const TONE: Record<InvoiceRow["status"], string> = {
  issued: "bg-slate-100 text-slate-800",
  partly_paid: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-900",
  overdue: "bg-red-100 text-red-900",
  void: "bg-slate-200 text-slate-700",
};

export function InvoiceStatus({ row }: { row: Pick<InvoiceRow, "kind" | "status"> }) {
  const t = useT();
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${TONE[row.status]}`}>
      {t(statusKey(row))}
    </span>
  );
}

/** A client's invoices: number (a link to its page), dates, amounts and status. */
export function ClientInvoiceList({
  name,
  invoices,
  hrefOf,
}: {
  name: string;
  invoices: InvoiceRow[];
  hrefOf: (id: number) => string;
}) {
  const t = useT();
  const money = (cents: number) => formatCents(cents, t.locale);
  const date = (iso: string | null) =>
    iso ? <time dateTime={iso}>{shortDate(iso, t.locale)}</time> : "—";
  const columns = [
    t("clientInvoices.columns.number"),
    t("clientInvoices.columns.issued"),
    t("clientInvoices.columns.due"),
    t("clientInvoices.columns.total"),
    t("clientInvoices.columns.paid"),
    t("clientInvoices.columns.balance"),
    t("clientInvoices.columns.status"),
  ];
  if (invoices.length === 0) return <p className="text-slate-700">{t("clientInvoices.none")}</p>;
  return (
    <StackedTable caption={t("clientInvoices.caption", { name })} columns={columns}>
      {invoices.map((row) => (
        <tr key={row.id} className={stacked.row}>
          <td data-label={columns[0]} className={stacked.cell}>
            <Link to={hrefOf(row.id)} className={`font-semibold ${linkClass}`}>
              {row.number}
            </Link>
            {row.kind === "credit_note" ? (
              <span className="block text-sm text-slate-700">
                {t("invoiceDocument.title.credit_note")}
              </span>
            ) : null}
          </td>
          <td data-label={columns[1]} className={stacked.cell}>
            {date(row.issueDate)}
          </td>
          <td data-label={columns[2]} className={stacked.cell}>
            {date(row.dueDate)}
          </td>
          <td data-label={columns[3]} className={`${stacked.cell} tabular-nums`}>
            {money(row.totalCents)}
          </td>
          <td data-label={columns[4]} className={`${stacked.cell} tabular-nums`}>
            {money(row.paidCents)}
          </td>
          <td data-label={columns[5]} className={`${stacked.cell} tabular-nums`}>
            {money(row.balanceCents)}
          </td>
          <td data-label={columns[6]} className={stacked.cell}>
            <InvoiceStatus row={row} />
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
