import { Form, Link } from "react-router";
import { linkClass, secondaryButton, stacked } from "~/components/admin/admin-page";
import { SelectField } from "~/components/forms/select-field";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

const STATUSES = ["draft", "issued", "partly_paid", "paid", "overdue", "void"] as const;

export interface ListRowView {
  id: number;
  number: string | null;
  kind: string;
  status: string;
  statusLabel: string;
  client: string;
  issueDate: string;
  dueDate: string;
  total: string;
  balance: string;
}

/** The list's filters: a GET form (the URL says what is shown; no JavaScript needed). */
export function InvoiceFilters({
  filters,
  clients,
  years,
}: {
  filters: { status: string; client: string; year: string };
  clients: { id: string; name: string }[];
  years: number[];
}) {
  const t = useT();
  return (
    <Form method="get" className="mb-6 grid items-end gap-4 sm:grid-cols-4">
      <SelectField
        label={t("adminBilling.list.status")}
        name="status"
        defaultValue={filters.status}
        options={[
          { value: "", label: t("adminBilling.list.anyStatus") },
          ...STATUSES.map((s) => ({
            value: s,
            label: t(`invoiceDocument.status.${s}` as MessageKey),
          })),
        ]}
      />
      <SelectField
        label={t("adminBilling.list.client")}
        name="client"
        defaultValue={filters.client}
        options={[
          { value: "", label: t("adminBilling.list.anyClient") },
          ...clients.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <SelectField
        label={t("adminBilling.list.year")}
        name="year"
        defaultValue={filters.year}
        options={[
          { value: "", label: t("adminBilling.list.anyYear") },
          ...years.map((y) => ({ value: String(y), label: String(y) })),
        ]}
      />
      <button type="submit" className={secondaryButton}>
        {t("adminBilling.list.filter")}
      </button>
    </Form>
  );
}

/** The outstanding total and its ageing by days past due. */
export function InvoiceAgeing({
  outstanding,
  ageing,
}: {
  outstanding: string;
  ageing: { bucket: string; amount: string }[];
}) {
  const t = useT();
  return (
    <section aria-labelledby="invoices-outstanding" className="mb-8">
      <h2 id="invoices-outstanding" className="text-xl font-bold">
        {t("adminBilling.list.outstanding")}:{" "}
        <span data-testid="outstanding" className="tabular-nums">
          {outstanding}
        </span>
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t("adminBilling.list.outstandingHint")}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="ageing">
        {ageing.map(({ bucket, amount }) => (
          <div key={bucket} className="rounded-lg border border-slate-200 p-3" data-bucket={bucket}>
            <dt className="text-sm font-semibold">
              {t(`adminBilling.list.${bucket}` as MessageKey)}
            </dt>
            <dd className="tabular-nums">{amount}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The invoices and credit notes: number (or draft), client, dates, total, balance, status. */
export function InvoiceTable({ rows }: { rows: ListRowView[] }) {
  const t = useT();
  if (rows.length === 0) return <p>{t("adminBilling.list.none")}</p>;
  const heads = [
    t("adminBilling.list.number"),
    t("adminBilling.list.client"),
    t("adminBilling.list.issueDate"),
    t("adminBilling.list.dueDate"),
    t("adminBilling.list.total"),
    t("adminBilling.list.balance"),
    t("adminBilling.list.status"),
  ];
  return (
    <div className={stacked.frame}>
      <table className={stacked.table}>
        <thead className={stacked.head}>
          <tr>
            {heads.map((head) => (
              <th key={head} className={stacked.th}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cells = [
              row.client,
              row.issueDate,
              row.dueDate,
              row.total,
              row.balance,
              row.statusLabel,
            ];
            return (
              <tr
                key={row.id}
                className={stacked.row}
                data-invoice={row.number ?? `draft-${row.id}`}
              >
                <td className={`${stacked.cell} whitespace-nowrap`} data-label={heads[0]}>
                  <Link to={`/admin/invoices/${row.id}`} className={linkClass}>
                    {row.number ?? t("adminBilling.list.draftNumber", { id: row.id })}
                  </Link>
                  {row.kind === "credit_note" ? ` (${t("adminBilling.list.creditNote")})` : null}
                </td>
                {cells.map((cell, i) => (
                  // Numbers, dates and amounts never break inside (a client's name may).
                  <td
                    key={heads[i + 1]}
                    className={i === 0 ? stacked.cell : `${stacked.cell} whitespace-nowrap`}
                    data-label={heads[i + 1]}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
