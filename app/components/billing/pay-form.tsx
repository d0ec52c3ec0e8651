import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useT } from "~/i18n/use-t";
import { type FormReply, fieldErrors, typedValue } from "~/lib/form-reply";

/**
 * The M-Pesa Express form of an invoice with a balance: the phone the prompt goes to and the
 * amount (the balance rounded up to the shilling; editable only when the agency takes partial
 * payments). Posts to the invoice's page; its answer's errors are shown at the top and next to
 * each field, with what was typed.
 */
export function PayForm({
  action,
  pay,
  answer,
}: {
  action: string;
  pay: { phone: string; amount: string; partial: boolean };
  answer: FormReply | undefined;
}) {
  const t = useT();
  const result = answer?.result;
  const labels: Record<string, string> = {
    phone: t("clientInvoices.pay.phone"),
    amount: t("clientInvoices.pay.amount"),
  };
  return (
    <section
      aria-labelledby="pay-heading"
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="pay-heading" className="text-xl font-bold text-slate-900">
        {t("clientInvoices.pay.heading")}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t("clientInvoices.pay.intro")}</p>
      <Form method="post" action={action} noValidate className="space-y-5">
        <ErrorSummary answer={answer} labelOf={(name) => labels[name]} />
        <Field
          label={labels.phone ?? ""}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={60}
          hint={t("clientInvoices.pay.phoneHint")}
          defaultValue={typedValue(result, "phone") ?? pay.phone}
          errors={fieldErrors(result, "phone")}
        />
        <Field
          label={labels.amount ?? ""}
          name="amount"
          inputMode="numeric"
          maxLength={40}
          readOnly={!pay.partial}
          hint={t(
            pay.partial ? "clientInvoices.pay.amountPartial" : "clientInvoices.pay.amountFixed",
          )}
          defaultValue={typedValue(result, "amount") ?? pay.amount}
          errors={fieldErrors(result, "amount")}
        />
        <SubmitButton pendingLabel={t("clientInvoices.pay.sending")} className="w-full sm:w-auto">
          {t("clientInvoices.pay.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
