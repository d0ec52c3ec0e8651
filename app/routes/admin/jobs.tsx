import { Form } from "react-router";
import { AdminPage, secondaryButton, stacked } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { StackedTable } from "~/components/admin/stacked-table";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/jobs";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminJobs.title"),
    description: t("adminJobs.description"),
    path: "/admin/jobs",
    noindex: true,
  });
};

export { action, loader } from "./jobs.server";

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { dead, error } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("adminJobs.title")} subtitle={t("adminJobs.subtitle")}>
      <Toasts toasts={[actionData?.toast]} />
      {!dead ? (
        <LoadError message={error ?? t("adminJobs.loadError")} />
      ) : dead.jobs.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("adminJobs.empty")}</p>
      ) : (
        <>
          <p className="mt-6 text-slate-700">{dead.countText}</p>
          <StackedTable
            caption={t("adminJobs.caption")}
            columns={[t("adminJobs.when"), t("adminJobs.kind"), t("adminJobs.error"), ""]}
          >
            {dead.jobs.map((job) => (
              <tr key={job.id} className={stacked.row} data-testid={`dead-job-${job.id}`}>
                <td data-label={t("adminJobs.when")} className={stacked.cell}>
                  <time dateTime={job.updated_at}>{job.when}</time>
                </td>
                <td data-label={t("adminJobs.kind")} className={stacked.cell}>
                  <code>{job.kind}</code> · {job.attemptsText}
                </td>
                <td
                  data-label={t("adminJobs.error")}
                  className={`${stacked.cell} [overflow-wrap:anywhere]`}
                >
                  {job.last_error ?? "—"}
                </td>
                <td className={stacked.cell}>
                  <Form method="post">
                    <input type="hidden" name="id" value={job.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="retry-job"
                      className={secondaryButton}
                      aria-label={t("adminJobs.retryLabel", { id: job.id, kind: job.kind })}
                    >
                      {t("adminJobs.retry")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </StackedTable>
        </>
      )}
    </AdminPage>
  );
}
