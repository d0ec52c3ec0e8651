import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ClientProjectView } from "~/components/portal/client-project-view";
import { ViewAsBanner } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-project-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.project?.title ?? t("projects.heading"),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-project-view.server";

/** A client's project page as its members see it, for the agency: read only. */
export default function AdminClientProjectView({ loaderData }: Route.ComponentProps) {
  const { organisation, project } = loaderData;
  const t = useT();
  if (!project) return null;
  const base = `/admin/clients/${organisation.id}`;
  return (
    <AdminPage title={project.title} subtitle={organisation.name}>
      <ViewAsBanner name={organisation.name} back={`${base}/projects/${project.id}`} />
      <p className="mb-6">
        <Link to={`${base}/view/projects/${project.id}/files`} className={linkClass}>
          {t("projectFiles.open")}
        </Link>
      </p>
      <ClientProjectView
        data={{ ...loaderData, project }}
        backHref={`${base}/view`}
        invoicesHref={`${base}/view/invoices`}
      />
    </AdminPage>
  );
}
