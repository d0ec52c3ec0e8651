import { Form, Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoice-new";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminBilling.draft.newTitle", { name: loaderData?.organisation.name ?? "" }),
    description: t("adminBilling.draft.newDescription"),
    path: "/admin/invoices",
    noindex: true,
  });
};

export { action, loader } from "./invoice-new.server";

/** A new draft invoice for a client, optionally for one of its projects. */
export default function AdminInvoiceNew({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, projects } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <AdminPage
      title={t("adminBilling.draft.newTitle", { name: organisation.name })}
      subtitle={t("adminBilling.draft.newDescription")}
    >
      <p className="mb-8">
        <Link to={`/admin/clients/${organisation.id}`} className={linkClass}>
          {organisation.name}
        </Link>
      </p>
      <Form method="post" noValidate className="max-w-md space-y-4">
        <ErrorSummary answer={actionData} />
        <Field
          label={t("adminBilling.draft.invoiceTitle")}
          name="title"
          maxLength={200}
          defaultValue={typedValue(reply, "title") ?? ""}
          errors={fieldErrors(reply, "title")}
        />
        <SelectField
          label={t("adminBilling.draft.project")}
          name="project"
          defaultValue={typedValue(reply, "project") ?? ""}
          errors={fieldErrors(reply, "project")}
          options={[
            { value: "", label: t("adminBilling.draft.projectNone") },
            ...projects.map((p) => ({ value: String(p.id), label: p.title })),
          ]}
        />
        <SubmitButton pendingLabel={t("adminBilling.draft.creating")}>
          {t("adminBilling.draft.create")}
        </SubmitButton>
      </Form>
    </AdminPage>
  );
}
