import { Form, Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { AgencyDeliverables } from "~/components/portal/deliverables";
import { MilestoneForm, MilestoneTable } from "~/components/portal/milestone-table";
import { ProjectFields, projectFieldLabels } from "~/components/portal/project-fields";
import { ProjectMessages } from "~/components/portal/project-messages";
import { ProjectPosts } from "~/components/portal/project-posts";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/project";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.project.title ?? t("projects.heading"),
    description: t("projects.editDescription"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./project.server";

/** A client's project for the agency: its details and its milestones, each form on its own. */
export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
  const {
    organisation,
    project,
    services,
    statuses,
    steps,
    milestones,
    updates,
    notes,
    deliverables,
    thread,
    error,
  } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const intent = reply?.initialValue?.intent;
  // The action's answer goes to the form it was about (its error summary).
  const answerTo = (form: string) => (intent === form ? actionData : undefined);
  return (
    <AdminPage title={project.title} subtitle={t("projects.editDescription")}>
      <Toasts toasts={[actionData?.toast]} />
      <p className="mb-8 flex flex-wrap gap-4">
        <Link to={`/admin/clients/${organisation.id}`} className={linkClass}>
          {t("projects.back", { name: organisation.name })}
        </Link>
        <Link
          to={`/admin/clients/${organisation.id}/projects/${project.id}/files`}
          className={linkClass}
        >
          {t("projectFiles.open")}
        </Link>
        <Link
          to={`/admin/clients/${organisation.id}/view/projects/${project.id}`}
          className={linkClass}
        >
          {t("projects.viewAsOpenProject")}
        </Link>
        <Link
          to={`/admin/quotes/new?organisation=${organisation.id}&project=${project.id}`}
          className={linkClass}
        >
          {t("adminOffice.draftQuote")}
        </Link>
      </p>
      {thread.messages ? (
        <ProjectMessages
          messages={thread.messages}
          choices={thread.attachments}
          action={`/admin/clients/${organisation.id}/projects/${project.id}?messages`}
          reply={reply}
          answer={actionData}
        />
      ) : null}
      {(["update", "note"] as const).map((kind) => (
        <ProjectPosts
          key={kind}
          kind={kind}
          posts={kind === "update" ? updates : notes}
          reply={intent === kind ? reply : undefined}
          answer={answerTo(kind)}
        />
      ))}
      <AgencyDeliverables
        deliverables={deliverables}
        exportHref={`/admin/clients/${organisation.id}/projects/${project.id}/decisions.csv`}
        uploadAction={(deliverable) =>
          `/admin/clients/${organisation.id}/projects/${project.id}?upload=${deliverable}`
        }
        upload={
          intent === "version" && actionData && "result" in actionData ? actionData : undefined
        }
        reply={intent === "deliverable" ? reply : undefined}
        answer={answerTo("deliverable")}
      />
      <section aria-labelledby="milestones" className="mb-10">
        <h2 id="milestones" className="mb-4 text-xl font-bold text-slate-900">
          {t("milestones.heading")}
        </h2>
        {milestones ? <MilestoneTable project={project.title} milestones={milestones} /> : null}
        {error ? <LoadError message={error} /> : null}
        <MilestoneForm reply={intent === "add" ? reply : undefined} answer={answerTo("add")} />
      </section>
      <section aria-labelledby="project-details" className="max-w-md">
        <h2 id="project-details" className="mb-4 text-xl font-bold text-slate-900">
          {t("projects.detailsHeading")}
        </h2>
        <Form method="post" noValidate className="space-y-4">
          <ErrorSummary answer={answerTo("save")} labelOf={projectFieldLabels(t)} />
          <input type="hidden" name="intent" value="save" />
          <ProjectFields
            reply={intent === "save" ? reply : undefined}
            saved={project}
            services={services}
            statuses={statuses}
            steps={steps}
            managers={loaderData.managers}
          />
          <SubmitButton pendingLabel={t("projects.saving")}>{t("projects.save")}</SubmitButton>
        </Form>
      </section>
    </AdminPage>
  );
}
