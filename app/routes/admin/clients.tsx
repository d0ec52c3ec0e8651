import { Form, Link } from "react-router";
import { AdminPage, linkClass, stacked } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { StackedTable } from "~/components/admin/stacked-table";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/clients";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminClients.title"),
    description: t("adminClients.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./clients.server";

export default function AdminClients({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, error } = loaderData;
  const t = useT();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <AdminPage title={t("adminClients.title")} subtitle={t("adminClients.subtitle")}>
      <Toasts toasts={[actionData?.toast]} />
      <section aria-labelledby="new-client" className="mb-10 max-w-md">
        <h2 id="new-client" className="text-xl font-bold text-slate-900">
          {t("adminClients.newHeading")}
        </h2>
        <Form method="post" noValidate className="mt-4 space-y-4">
          <ErrorSummary answer={actionData} />
          <input type="hidden" name="intent" value="create" />
          <Field
            label={t("adminClients.name")}
            name="name"
            required
            maxLength={200}
            autoComplete="organization"
            defaultValue={typedValue(result, "name")}
            errors={fieldErrors(result, "name")}
          />
          <SubmitButton pendingLabel={t("adminClients.creating")}>
            {t("adminClients.create")}
          </SubmitButton>
        </Form>
      </section>
      {!clients ? (
        <LoadError message={error ?? t("adminClients.loadError")} />
      ) : clients.length === 0 ? (
        <p className="text-slate-700">{t("adminClients.empty")}</p>
      ) : (
        <StackedTable
          caption={t("adminClients.caption")}
          columns={[t("adminClients.columnName"), t("adminClients.columnPeople")]}
        >
          {clients.map((client) => (
            <tr key={client.id} className={stacked.row}>
              <td data-label={t("adminClients.columnName")} className={stacked.cell}>
                <Link to={`/admin/clients/${client.id}`} className={linkClass}>
                  {client.name}
                </Link>
                {client.unreadText ? (
                  <span className="block text-sm font-semibold text-brand-800">
                    {client.unreadText}
                  </span>
                ) : null}
              </td>
              <td data-label={t("adminClients.columnPeople")} className={stacked.cell}>
                {client.peopleText}
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </AdminPage>
  );
}
