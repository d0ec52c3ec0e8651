import { Form, Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote-new";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("quotes.new.title"),
    description: t("quotes.new.description"),
    path: "/admin/quotes/new",
    noindex: true,
  });
};

export { action, loader } from "./quote-new.server";

/** A new quote: for whom, its title (and a new client's name); creates the draft. */
export default function AdminQuoteNew({ loaderData, actionData }: Route.ComponentProps) {
  const { who, project, newClient, email, title, choose } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  if (choose) {
    return (
      <AdminPage title={t("quotes.new.title")} subtitle={t("quotes.new.chooseClient")}>
        {choose.length === 0 ? (
          <p>{t("quotes.new.noClients")}</p>
        ) : (
          <ul className="space-y-2">
            {choose.map((client) => (
              <li key={client.id}>
                <Link
                  to={`/admin/quotes/new?organisation=${client.id}`}
                  className={`inline-block min-h-6 py-1 ${linkClass}`}
                >
                  {client.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={t("quotes.new.title")} subtitle={t("quotes.new.for", { who })}>
      {project ? (
        <p className="mb-4">{t("quotes.new.forProject", { title: project.title })}</p>
      ) : null}
      {newClient ? (
        <p className="mb-4 rounded-lg bg-sky-50 p-4">
          {t("quotes.new.newClient", { email: email ?? "" })}
        </p>
      ) : null}
      <Form method="post" noValidate className="max-w-md space-y-4">
        <ErrorSummary answer={actionData} />
        <Field
          label={t("quotes.editor.title")}
          name="title"
          maxLength={200}
          defaultValue={typedValue(reply, "title") ?? title}
          errors={fieldErrors(reply, "title")}
        />
        {newClient ? (
          <Field
            label={t("quotes.new.organisationName")}
            hint={t("quotes.new.organisationHint")}
            name="organisation_name"
            maxLength={200}
            defaultValue={typedValue(reply, "organisation_name") ?? newClient}
            errors={fieldErrors(reply, "organisation_name")}
          />
        ) : null}
        <SubmitButton pendingLabel={t("quotes.new.creating")}>
          {t("quotes.new.create")}
        </SubmitButton>
      </Form>
    </AdminPage>
  );
}
