import { Form, Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { Field, FormError } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/project-new";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("projects.newTitle", { name: loaderData?.organisation.name ?? "" }),
    description: t("projects.newDescription"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./project-new.server";

/** A new project of a client: title, service, status and dates; what was typed comes back. */
export default function AdminProjectNew({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, services, statuses } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const chosen = (name: string, fallback: string) => typedValue(reply, name) ?? fallback;
  return (
    <AdminPage
      title={t("projects.newTitle", { name: organisation.name })}
      subtitle={t("projects.newDescription")}
    >
      <p className="mb-8">
        <Link to={`/admin/clients/${organisation.id}`} className={linkClass}>
          {t("projects.back", { name: organisation.name })}
        </Link>
      </p>
      <Form method="post" noValidate className="max-w-md space-y-4">
        <Field
          label={t("projects.title")}
          name="title"
          required
          maxLength={200}
          defaultValue={typedValue(reply, "title")}
          errors={fieldErrors(reply, "title")}
        />
        <SelectField
          key={`service:${chosen("service", "")}`}
          label={t("projects.service")}
          name="service"
          defaultValue={chosen("service", "")}
          errors={fieldErrors(reply, "service")}
          options={[
            { value: "", label: t("projects.serviceNone") },
            ...services.map((service) => ({ value: service.id, label: service.title })),
          ]}
        />
        <SelectField
          key={`status:${chosen("status", "proposal")}`}
          label={t("projects.status")}
          name="status"
          defaultValue={chosen("status", "proposal")}
          errors={fieldErrors(reply, "status")}
          options={statuses.map((value) => ({ value, label: t(`projects.${value}`) }))}
        />
        <Field
          label={t("projects.startsOn")}
          hint={t("projects.dateHint")}
          name="starts_on"
          type="date"
          defaultValue={typedValue(reply, "starts_on")}
          errors={fieldErrors(reply, "starts_on")}
        />
        <Field
          label={t("projects.dueOn")}
          hint={t("projects.dateHint")}
          name="due_on"
          type="date"
          defaultValue={typedValue(reply, "due_on")}
          errors={fieldErrors(reply, "due_on")}
        />
        <FormError message={formErrorOf(actionData)} />
        <SubmitButton pendingLabel={t("projects.creating")}>{t("projects.create")}</SubmitButton>
      </Form>
    </AdminPage>
  );
}
