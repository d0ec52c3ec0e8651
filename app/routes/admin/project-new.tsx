import { Form, Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { ProjectFields, projectFieldLabels } from "~/components/portal/project-fields";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
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
        <ErrorSummary answer={actionData} labelOf={projectFieldLabels(t)} />
        <ProjectFields reply={reply} services={services} statuses={statuses} />
        <SubmitButton pendingLabel={t("projects.creating")}>{t("projects.create")}</SubmitButton>
      </Form>
    </AdminPage>
  );
}
