import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ProjectFiles } from "~/components/portal/project-files";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/project-files";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("projectFiles.title", { project: loaderData?.project.title ?? "" }),
    description: t("projectFiles.intro"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./project-files.server";

/** A client's project's files for the agency: the list, and a file to send. */
export default function AdminProjectFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, project, files, error } = loaderData;
  const t = useT();
  const base = `/admin/clients/${organisation.id}/projects/${project.id}`;
  return (
    <AdminPage
      title={t("projectFiles.title", { project: project.title })}
      subtitle={organisation.name}
    >
      <Toasts toasts={[actionData?.toast]} />
      <p className="mb-8">
        <Link to={base} className={linkClass}>
          {t("projectFiles.back")}
        </Link>
      </p>
      <ProjectFiles
        files={files}
        error={error}
        action={`${base}/files`}
        answer={actionData}
        resumable={`/organisations/${organisation.id}/projects/${project.id}/files/resumable`}
      />
    </AdminPage>
  );
}
