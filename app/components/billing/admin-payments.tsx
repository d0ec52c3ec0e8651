import { Form, Link } from "react-router";
import { linkClass, secondaryButton, stacked } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

export interface PaymentView {
  id: number;
  method: string;
  receipt: string;
  amount: string;
  left: string;
  client: string | null;
  account: string | null;
  receivedAt: string;
  verified: boolean;
  note: string | null;
  applied: { invoiceId: number; number: string; amount: string }[];
}

const replyOf = (answer: unknown) => (answer as { result?: FieldReply } | undefined)?.result;

/** Whether the answer is this form's: same intent (and payment, for a row's form). */
function isFor(answer: unknown, intent: string, payment?: number) {
  const typed = replyOf(answer)?.initialValue;
  return typed?.intent === intent && (payment === undefined || typed?.payment === String(payment));
}

export function PaymentLedger({ payments }: { payments: PaymentView[] }) {
  const t = useT();
  if (payments.length === 0) return <p>{t("adminBilling.payments.none")}</p>;
  const heads = [
    "received",
    "method",
    "receipt",
    "amount",
    "client",
    "applied",
    "verifiedColumn",
  ] as const;
  return (
    <div className={stacked.frame}>
      <table className={stacked.table}>
        <thead className={stacked.head}>
          <tr>
            {heads.map((h) => (
              <th key={h} className={stacked.th}>
                {t(`adminBilling.payments.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id} className={stacked.row} data-payment={p.id}>
              <td
                className={`${stacked.cell} whitespace-nowrap`}
                data-label={t("adminBilling.payments.received")}
              >
                {p.receivedAt}
              </td>
              <td className={stacked.cell} data-label={t("adminBilling.payments.method")}>
                {t(`adminBilling.payments.methods.${p.method}` as MessageKey)}
              </td>
              <td
                className={`${stacked.cell} whitespace-nowrap`}
                data-label={t("adminBilling.payments.receipt")}
              >
                {p.receipt}
              </td>
              <td
                className={`${stacked.cell} whitespace-nowrap`}
                data-label={t("adminBilling.payments.amount")}
              >
                {p.amount}
              </td>
              <td className={stacked.cell} data-label={t("adminBilling.payments.client")}>
                {p.client ?? t("adminBilling.payments.unknownClient")}
              </td>
              <td className={stacked.cell} data-label={t("adminBilling.payments.applied")}>
                {p.applied.map((a) => (
                  <span key={a.invoiceId} className="mr-2">
                    <Link to={`/admin/invoices/${a.invoiceId}`} className={linkClass}>
                      {a.number}
                    </Link>{" "}
                    {a.amount}
                  </span>
                ))}
              </td>
              <td className={stacked.cell} data-label={t("adminBilling.payments.verifiedColumn")}>
                {p.verified ? t("adminBilling.payments.yes") : t("adminBilling.payments.no")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A payment with money left: assign it to an invoice, or verify it first (Paybill). */
export function UnmatchedPayment({ payment, answer }: { payment: PaymentView; answer: unknown }) {
  const t = useT();
  const mine = isFor(answer, "assign", payment.id) || isFor(answer, "verify", payment.id);
  const reply = mine ? replyOf(answer) : undefined;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-unmatched={payment.id}>
      <p className="font-semibold">
        {t(`adminBilling.payments.methods.${payment.method}` as MessageKey)} · {payment.receipt} ·{" "}
        {payment.amount} · {t("adminBilling.payments.left", { amount: payment.left })}
      </p>
      {payment.account ? (
        <p className="text-sm">
          {t("adminBilling.payments.account", { account: payment.account })}
        </p>
      ) : null}
      {mine ? <ErrorSummary answer={answer} /> : null}
      {payment.verified ? (
        <Form method="post" noValidate className="mt-3 grid items-end gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="payment" value={payment.id} />
          <Field
            label={t("adminBilling.payments.invoiceNumber")}
            name="invoice_number"
            defaultValue={typedValue(reply, "invoice_number") ?? ""}
            errors={fieldErrors(reply, "invoice_number")}
          />
          <Field
            label={t("adminBilling.payments.assignAmount")}
            name="amount"
            inputMode="decimal"
            defaultValue={typedValue(reply, "amount") ?? ""}
            errors={fieldErrors(reply, "amount")}
          />
          <button type="submit" className={secondaryButton}>
            {t("adminBilling.payments.assign")}
          </button>
        </Form>
      ) : payment.method === "mpesa_paybill" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="payment" value={payment.id} />
          <p className="mb-2 text-sm text-slate-600">{t("adminBilling.payments.verifyHint")}</p>
          <button type="submit" className={secondaryButton}>
            {t("adminBilling.payments.verify")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** Cash or bank money received: recorded (verified by this admin), optionally assigned. */
export function RecordPaymentForm({
  clients,
  today,
  answer,
}: {
  clients: { id: string; name: string }[];
  today: string;
  answer: unknown;
}) {
  const t = useT();
  const mine = isFor(answer, "record");
  const reply = mine ? replyOf(answer) : undefined;
  return (
    <Form method="post" noValidate className="max-w-md space-y-4">
      {mine ? <ErrorSummary answer={answer} /> : null}
      <input type="hidden" name="intent" value="record" />
      <SelectField
        label={t("adminBilling.payments.methodLabel")}
        name="method"
        defaultValue={typedValue(reply, "method") ?? "bank"}
        errors={fieldErrors(reply, "method")}
        options={[
          { value: "bank", label: t("adminBilling.payments.methods.bank") },
          { value: "cash", label: t("adminBilling.payments.methods.cash") },
        ]}
      />
      <Field
        label={t("adminBilling.payments.recordAmount")}
        name="amount"
        inputMode="decimal"
        defaultValue={typedValue(reply, "amount") ?? ""}
        errors={fieldErrors(reply, "amount")}
      />
      <SelectField
        label={t("adminBilling.payments.recordClient")}
        name="client"
        defaultValue={typedValue(reply, "client") ?? ""}
        errors={fieldErrors(reply, "client")}
        options={[
          { value: "", label: "—" },
          ...clients.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <Field
        label={t("adminBilling.payments.receivedOn")}
        name="received_on"
        type="date"
        defaultValue={typedValue(reply, "received_on") ?? today}
        errors={fieldErrors(reply, "received_on")}
      />
      <Field
        label={t("adminBilling.payments.note")}
        hint={t("adminBilling.payments.noteHint")}
        name="note"
        maxLength={500}
        defaultValue={typedValue(reply, "note") ?? ""}
        errors={fieldErrors(reply, "note")}
      />
      <Field
        label={t("adminBilling.payments.invoiceNumber")}
        name="invoice_number"
        defaultValue={typedValue(reply, "invoice_number") ?? ""}
        errors={fieldErrors(reply, "invoice_number")}
      />
      <SubmitButton pendingLabel={t("adminBilling.payments.recording")}>
        {t("adminBilling.payments.record")}
      </SubmitButton>
    </Form>
  );
}
