import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { CheckboxField } from "~/components/admin/checkbox-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/billing";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminBilling.settings.title"),
    description: t("adminBilling.settings.description"),
    path: "/admin/billing",
    noindex: true,
  });
};

export { action, loader } from "./billing.server";

type Name = "vat_rate" | "invoice_prefix" | "kra_pin" | "payment_days" | "deposit_percent";

/** The agency's billing settings: VAT, numbering, KRA PIN, payment days, partial payments, deposit. */
export default function AdminBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { saved } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const value = (name: Name) => typedValue(reply, name) ?? saved[name];
  const field = (
    name: Name,
    label: string,
    hint: string,
    inputMode: "decimal" | "numeric" | "text",
  ) => (
    <Field
      label={label}
      hint={hint}
      name={name}
      inputMode={inputMode}
      defaultValue={value(name)}
      errors={fieldErrors(reply, name)}
    />
  );
  const partial = reply?.initialValue
    ? reply.initialValue.partial_payments === "on"
    : saved.partial_payments;
  return (
    <AdminPage
      title={t("adminBilling.settings.title")}
      subtitle={t("adminBilling.settings.description")}
    >
      <Form method="post" noValidate className="max-w-md space-y-4">
        <ErrorSummary answer={actionData} />
        {field(
          "vat_rate",
          t("adminBilling.settings.vatRate"),
          t("adminBilling.settings.vatRateHint"),
          "decimal",
        )}
        {field(
          "invoice_prefix",
          t("adminBilling.settings.prefix"),
          t("adminBilling.settings.prefixHint"),
          "text",
        )}
        {field(
          "kra_pin",
          t("adminBilling.settings.kraPin"),
          t("adminBilling.settings.kraPinHint"),
          "text",
        )}
        {field(
          "payment_days",
          t("adminBilling.settings.paymentDays"),
          t("adminBilling.settings.paymentDaysHint"),
          "numeric",
        )}
        <CheckboxField
          key={`partial:${partial}`}
          name="partial_payments"
          label={t("adminBilling.settings.partial")}
          hint={t("adminBilling.settings.partialHint")}
          defaultChecked={partial}
        />
        {field(
          "deposit_percent",
          t("adminBilling.settings.depositPercent"),
          t("adminBilling.settings.depositPercentHint"),
          "numeric",
        )}
        <SubmitButton pendingLabel={t("adminBilling.settings.saving")}>
          {t("adminBilling.settings.save")}
        </SubmitButton>
      </Form>
    </AdminPage>
  );
}
