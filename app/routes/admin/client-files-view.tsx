import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { FileList } from "~/components/portal/project-files";
import { ViewAsBanner, ViewAsOmitted } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-files-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("projectFiles.title", { project: loaderData?.project.title ?? "" }),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-files-view.server";

/** A client's project Files page as its members see it, for the agency: no upload form. */
export default function AdminClientFilesView({ loaderData }: Route.ComponentProps) {
  const { organisation, project, files, error } = loaderData;
  const t = useT();
  const base = `/admin/clients/${organisation.id}`;
  return (
    <AdminPage
      title={t("projectFiles.title", { project: project.title })}
      subtitle={organisation.name}
    >
      <ViewAsBanner name={organisation.name} back={`${base}/projects/${project.id}/files`} />
      <p className="mb-8">
        <Link to={`${base}/view/projects/${project.id}`} className={linkClass}>
          {t("projectFiles.back")}
        </Link>
      </p>
      <section aria-labelledby="project-files" className="space-y-6">
        <h2 id="project-files" className="text-2xl font-bold text-slate-900">
          {t("projectFiles.heading")}
        </h2>
        <p className="text-slate-700">{t("projectFiles.intro")}</p>
        {error ? (
          <p role="alert" className="text-red-800">
            {error}
          </p>
        ) : (
          <FileList files={files} />
        )}
      </section>
      <ViewAsOmitted text={t("viewAs.noUpload")} />
    </AdminPage>
  );
}
