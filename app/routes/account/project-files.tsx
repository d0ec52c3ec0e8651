import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { PageHeading } from "~/components/page-heading";
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
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./project-files.server";

/** A project's files for the client's people: the list, and a file to send. */
export default function ClientProjectFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, project, files, error } = loaderData;
  const t = useT();
  const base = `/organisations/${organisation.id}/projects/${project.id}`;
  return (
    <>
      <PageHeading
        title={t("projectFiles.title", { project: project.title })}
        subtitle={organisation.name}
      />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <Toasts toasts={[actionData?.toast]} />
        <p className="mb-8">
          <Link to={t.path(base)} className={linkClass}>
            {t("projectFiles.back")}
          </Link>
        </p>
        <ProjectFiles
          files={files}
          error={error}
          action={t.path(`${base}/files`)}
          answer={actionData}
          resumable={t.path(`${base}/files/resumable`)}
        />
      </div>
    </>
  );
}
