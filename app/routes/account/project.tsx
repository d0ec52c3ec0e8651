import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { PageHeading } from "~/components/page-heading";
import { ClientProjectView } from "~/components/portal/client-project-view";
import { OrganisationSwitcher } from "~/components/portal/organisation-switcher";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/project";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.project?.title ?? t("projects.heading"),
    description: t("projects.editDescription"),
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./project.server";

/**
 * One project for the client's people (app/components/portal/client-project-view.tsx), with
 * its forms: the decision on a version waiting for one, and the thread's.
 */
export default function ClientProject({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, project } = loaderData;
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const t = useT();
  if (!project) return null;
  const here = t.path(`/organisations/${organisation.id}/projects/${project.id}`);
  return (
    <>
      <PageHeading title={project.title} subtitle={organisation.name} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <OrganisationSwitcher organisations={loaderData.organisations} current={organisation.id} />
        <Toasts toasts={[actionData?.toast]} />
        <p className="mb-6">
          <Link to={`${here}/files`} className={linkClass}>
            {t("projectFiles.open")}
          </Link>
        </p>
        <ClientProjectView
          data={{ ...loaderData, project }}
          backHref={t.path(`/organisations/${organisation.id}`)}
          invoicesHref={t.path(`/organisations/${organisation.id}/invoices`)}
          messagesAction={`${here}?messages`}
          reply={reply}
          answer={actionData}
        />
      </div>
    </>
  );
}
