import { Form, Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";

/** Whether an answer of the client's page is the KRA PIN form's (it echoes `intent=kra_pin`). */
export function isPinAnswer(answer: unknown): boolean {
  const result = (answer as { result?: FieldReply } | undefined)?.result;
  return result?.initialValue?.intent === "kra_pin";
}

/** The client's KRA PIN (printed on its tax invoices) and the way to its invoices. */
export function AdminClientPin({
  organisation,
  kraPin,
  answer,
}: {
  organisation: { id: string; name: string };
  kraPin: string | null;
  answer: unknown;
}) {
  const t = useT();
  const mine = isPinAnswer(answer);
  const reply = mine ? (answer as { result?: FieldReply }).result : undefined;
  return (
    <section aria-labelledby="client-tax" className="mb-10 max-w-md">
      <h2 id="client-tax" className="mb-3 text-xl font-bold text-slate-900">
        {t("adminBilling.clientPin.title")}
      </h2>
      <Form method="post" noValidate className="space-y-4">
        {mine ? <ErrorSummary answer={answer} /> : null}
        <input type="hidden" name="intent" value="kra_pin" />
        <Field
          label={t("adminBilling.clientPin.label")}
          hint={t("adminBilling.clientPin.hint")}
          name="kra_pin"
          autoComplete="off"
          defaultValue={typedValue(reply, "kra_pin") ?? kraPin ?? ""}
          errors={fieldErrors(reply, "kra_pin")}
        />
        <SubmitButton pendingLabel={t("adminBilling.clientPin.saving")}>
          {t("adminBilling.clientPin.save")}
        </SubmitButton>
      </Form>
      <p className="mt-4 flex flex-wrap gap-4">
        <Link to={`/admin/invoices?client=${organisation.id}`} className={linkClass}>
          {t("adminBilling.clientPin.invoices", { name: organisation.name })}
        </Link>
        <Link to={`/admin/clients/${organisation.id}/invoices/new`} className={linkClass}>
          {t("adminBilling.clientPin.newInvoice")}
        </Link>
      </p>
    </section>
  );
}
