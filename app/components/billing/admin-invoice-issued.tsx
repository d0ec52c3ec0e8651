import { Form, Link } from "react-router";
import { dangerButton, linkClass, secondaryButton, stacked } from "~/components/admin/admin-page";
import { ClientName } from "~/components/admin/client-name";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

export interface IssuedSummary {
  id: number;
  kind: string;
  number: string | null;
  status: string;
  statusLabel: string;
  client: string;
  organisationId: string;
  issueDate: string | null;
  dueDate: string | null;
  corrects: string | null;
  creditsInvoiceId: number | null;
  reminders: boolean;
  voidReason: string | null;
  paidCents: number;
  subtotal: string;
  vat: string;
  total: string;
  paid: string;
  credited: string;
  balance: string;
  open: boolean;
}

export interface IssuedDetails {
  lines: {
    key: number;
    description: string;
    quantity: number;
    unitPrice: string;
    vatRate: string;
    net: string;
  }[];
  payments: {
    key: number;
    receivedAt: string;
    method: string;
    reference: string;
    amount: string;
  }[];
}

/** The totals as the database computed them: subtotal, VAT, total (and, issued, the balance). */
export function AdminInvoiceTotals({ summary }: { summary: IssuedSummary }) {
  const t = useT();
  const rows: [string, string, string][] = [
    ["subtotal", t("adminBilling.draft.subtotal"), summary.subtotal],
    ["vat", t("adminBilling.draft.vat"), summary.vat],
    ["total", t("adminBilling.draft.total"), summary.total],
  ];
  if (summary.status !== "draft" && summary.kind === "invoice") {
    rows.push(
      ["paid", t("adminBilling.issued.paid"), summary.paid],
      ["credited", t("adminBilling.issued.credited"), summary.credited],
      ["balance", t("adminBilling.issued.balance"), summary.balance],
    );
  }
  return (
    <dl className="my-6 grid max-w-sm grid-cols-2 gap-x-6 gap-y-1" data-testid="invoice-totals">
      {rows.map(([key, label, value]) => (
        <div key={key} className="contents" data-total={key}>
          <dt className="font-semibold">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An issued invoice or credit note: its lines, payments, PDF, and what may still be done. */
export function AdminInvoiceIssued({
  summary,
  details,
  answer,
}: {
  summary: IssuedSummary;
  details: IssuedDetails;
  answer: unknown;
}) {
  const t = useT();
  const reply = (answer as { result?: FieldReply } | undefined)?.result;
  return (
    <>
      <ErrorSummary answer={answer} />
      <dl className="mb-6 grid max-w-md grid-cols-2 gap-x-6 gap-y-1">
        <dt className="font-semibold">{t("adminBilling.draft.client")}</dt>
        <dd>
          <ClientName id={summary.organisationId} name={summary.client} />
        </dd>
        <dt className="font-semibold">{t("adminBilling.issued.status")}</dt>
        <dd data-testid="invoice-status">{summary.statusLabel}</dd>
        <dt className="font-semibold">{t("adminBilling.issued.issueDate")}</dt>
        <dd>{summary.issueDate}</dd>
        {summary.dueDate && summary.kind === "invoice" ? (
          <>
            <dt className="font-semibold">{t("adminBilling.issued.dueDate")}</dt>
            <dd>{summary.dueDate}</dd>
          </>
        ) : null}
      </dl>
      {summary.corrects && summary.creditsInvoiceId ? (
        <p className="mb-4">
          <Link to={`/admin/invoices/${summary.creditsInvoiceId}`} className={linkClass}>
            {t("adminBilling.issued.corrects", { number: summary.corrects })}
          </Link>
        </p>
      ) : null}
      <p className="mb-6">
        <a href={`/admin/invoices/${summary.id}/pdf`} className={linkClass} download>
          {t("adminBilling.issued.pdf")}
        </a>
      </p>
      <div className={stacked.frame}>
        <table className={stacked.table}>
          <thead className={stacked.head}>
            <tr>
              <th className={stacked.th}>{t("adminBilling.draft.description")}</th>
              <th className={stacked.th}>{t("adminBilling.draft.quantity")}</th>
              <th className={stacked.th}>{t("adminBilling.draft.unitPrice")}</th>
              <th className={stacked.th}>{t("adminBilling.draft.vatRate")}</th>
              <th className={stacked.th}>{t("adminBilling.issued.net")}</th>
            </tr>
          </thead>
          <tbody>
            {details.lines.map((line) => (
              <tr key={line.key} className={stacked.row}>
                <td className={stacked.cell} data-label={t("adminBilling.draft.description")}>
                  {line.description}
                </td>
                <td className={stacked.cell} data-label={t("adminBilling.draft.quantity")}>
                  {line.quantity}
                </td>
                <td className={stacked.cell} data-label={t("adminBilling.draft.unitPrice")}>
                  {line.unitPrice}
                </td>
                <td className={stacked.cell} data-label={t("adminBilling.draft.vatRate")}>
                  {line.vatRate}
                </td>
                <td className={stacked.cell} data-label={t("adminBilling.issued.net")}>
                  {line.net}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminInvoiceTotals summary={summary} />
      {summary.kind === "invoice" ? (
        <section aria-labelledby="invoice-payments" className="mb-8">
          <h2 id="invoice-payments" className="mb-2 text-xl font-bold">
            {t("adminBilling.issued.payments")}
          </h2>
          {details.payments.length === 0 ? (
            <p>{t("adminBilling.issued.noPayments")}</p>
          ) : (
            <ul className="list-disc pl-6">
              {details.payments.map((p) => (
                <li key={p.key}>
                  {p.receivedAt} · {p.method} · {p.reference} · {p.amount}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {summary.open ? (
        <div className="grid gap-8 md:grid-cols-2">
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="credit_note" />
            <p className="text-sm text-slate-600">{t("adminBilling.issued.creditNoteHint")}</p>
            <button type="submit" className={secondaryButton}>
              {t("adminBilling.issued.creditNote")}
            </button>
          </Form>
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="void" />
            <Field
              label={t("adminBilling.issued.voidReason")}
              hint={t("adminBilling.issued.voidReasonHint")}
              name="void_reason"
              maxLength={500}
              defaultValue={typedValue(reply, "void_reason") ?? ""}
              errors={fieldErrors(reply, "void_reason")}
            />
            <button type="submit" className={dangerButton}>
              {t("adminBilling.issued.void")}
            </button>
          </Form>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="reminders" />
            <input type="hidden" name="reminders" value={summary.reminders ? "off" : "on"} />
            <p className="mb-2">
              {t(
                summary.reminders
                  ? "adminBilling.issued.remindersOn"
                  : "adminBilling.issued.remindersOff",
              )}
            </p>
            <button type="submit" className={secondaryButton}>
              {t(
                summary.reminders
                  ? "adminBilling.issued.remindersTurnOff"
                  : "adminBilling.issued.remindersTurnOn",
              )}
            </button>
          </Form>
        </div>
      ) : null}
      {summary.voidReason ? <p className="mt-4">{summary.voidReason}</p> : null}
    </>
  );
}
