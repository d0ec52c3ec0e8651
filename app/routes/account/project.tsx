import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoicesLink } from "~/components/billing/client-invoices-link";
import { PageHeading } from "~/components/page-heading";
import { ClientDeliverables } from "~/components/portal/client-deliverables";
import { ProjectMessages } from "~/components/portal/project-messages";
import { PostList } from "~/components/portal/project-posts";
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

const MARK = { done: "✓", in_progress: "…", upcoming: "○" } as const;

/**
 * One project for the client's people: where it stands, what waits for their decision and the
 * deliverables' history, the agency's updates, its milestones.
 */
export default function ClientProject({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, project, milestones, updates, deliverables, thread, error } = loaderData;
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const t = useT();
  if (!project) return null;
  const facts: [string, string][] = [
    [t("projects.status"), project.statusText],
    ...(project.serviceText
      ? [[t("projects.service"), project.serviceText] as [string, string]]
      : []),
    ...(project.stageText
      ? [[t("projects.stageLabel"), project.stageText] as [string, string]]
      : []),
    [t("projects.dueOn"), project.due?.text ?? t("projects.notDue")],
    [t("projects.columnProgress"), project.progressText],
  ];
  return (
    <>
      <PageHeading title={project.title} subtitle={organisation.name} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <p className="mb-8">
          <Link to={t.path(`/organisations/${organisation.id}`)} className={linkClass}>
            {t("projects.back", { name: organisation.name })}
          </Link>
          {" · "}
          <ClientInvoicesLink
            href={t.path(`/organisations/${organisation.id}/invoices`)}
            text={loaderData.invoicesLink}
          />
        </p>
        <dl className="mb-10 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-900">{term}</dt>
              <dd className="text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        <Toasts toasts={[actionData?.toast]} />
        {deliverables ? (
          <ClientDeliverables deliverables={deliverables} reply={reply} answer={actionData} />
        ) : null}
        {thread.messages ? (
          <ProjectMessages
            messages={thread.messages}
            choices={thread.attachments}
            action={`${t.path(`/organisations/${organisation.id}/projects/${project.id}`)}?messages`}
            reply={reply}
            answer={actionData}
          />
        ) : null}
        {updates ? (
          <section aria-labelledby="project-updates" className="mb-10">
            <h2 id="project-updates" className="mb-4 text-xl font-bold text-slate-900">
              {t("projects.clientUpdatesHeading")}
            </h2>
            <PostList posts={updates} empty={t("projects.clientNoUpdates")} />
          </section>
        ) : null}
        <section aria-labelledby="project-milestones">
          <h2 id="project-milestones" className="mb-4 text-xl font-bold text-slate-900">
            {t("milestones.heading")}
          </h2>
          {error ? <LoadError message={error} /> : null}
          {milestones && milestones.length === 0 ? (
            <p className="text-slate-700">{t("projects.noMilestones")}</p>
          ) : null}
          {milestones && milestones.length > 0 ? (
            <ol className="space-y-3">
              {milestones.map((milestone) => (
                <li
                  key={milestone.id}
                  className="rounded-lg border border-slate-200 bg-white px-4 py-3"
                >
                  <span aria-hidden="true" className="me-2 text-brand-700">
                    {MARK[milestone.status]}
                  </span>
                  <span className="font-semibold text-slate-900">{milestone.title}</span>
                  <span className="block text-sm text-slate-700">
                    {milestone.statusText}
                    {milestone.due ? (
                      <>
                        {" · "}
                        <time dateTime={milestone.due.iso}>{milestone.due.text}</time>
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      </div>
    </>
  );
}
