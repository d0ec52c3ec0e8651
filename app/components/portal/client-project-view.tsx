import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoicesLink } from "~/components/billing/client-invoices-link";
import type { ManagerCard as Manager } from "~/domain/portal/project-manager.server";
import type { ProjectRow } from "~/domain/portal/project-view.server";
import { useT } from "~/i18n/use-t";
import type { FieldReply } from "~/lib/form-reply";
import { type ClientDeliverable, ClientDeliverables } from "./client-deliverables";
import { ManagerCard } from "./manager-card";
import { type MessageItem, ProjectMessages } from "./project-messages";
import { PostList, type PostRow } from "./project-posts";

const MARK = { done: "✓", in_progress: "…", upcoming: "○" } as const;

/** What the client's project page shows (app/web/client-project.server.ts reads it). */
export interface ClientProjectData {
  organisation: { id: string; name: string };
  project: ProjectRow;
  manager: Manager | null;
  milestones:
    | {
        id: number;
        title: string;
        status: keyof typeof MARK;
        statusText: string;
        due: { iso: string; text: string } | null;
      }[]
    | null;
  updates: PostRow[] | null;
  deliverables: ClientDeliverable[] | null;
  thread: { messages: MessageItem[] | null; attachments: { path: string; name: string }[] };
  invoicesLink: string;
  error: string | null;
  /** The project's decision history as a CSV file (none: no link). */
  decisionsHref?: string;
}

/**
 * One project as the client's people follow it: where it stands and who runs it, what waits for
 * their decision and the deliverables' history, the thread, the agency's updates, its
 * milestones. Without `messagesAction` (the agency viewing it as the client's members see it)
 * the page offers no form at all.
 */
export function ClientProjectView({
  data,
  backHref,
  invoicesHref,
  messagesAction,
  reply,
  answer,
}: {
  data: ClientProjectData;
  backHref: string;
  invoicesHref?: string;
  messagesAction?: string;
  reply?: FieldReply;
  answer?: unknown;
}) {
  const { organisation, project, manager, milestones, updates, deliverables, thread, error } = data;
  const t = useT();
  const readOnly = messagesAction === undefined;
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
      <p className="mb-8">
        <Link to={backHref} className={linkClass}>
          {t("projects.back", { name: organisation.name })}
        </Link>
        {invoicesHref ? (
          <>
            {" · "}
            <ClientInvoicesLink href={invoicesHref} text={data.invoicesLink} />
          </>
        ) : null}
      </p>
      <dl className="mb-10 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-900">{term}</dt>
            <dd className="text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      {manager ? <ManagerCard manager={manager} /> : null}
      {deliverables ? (
        <ClientDeliverables
          deliverables={deliverables}
          exportHref={data.decisionsHref}
          reply={reply}
          answer={answer}
          readOnly={readOnly}
        />
      ) : null}
      {thread.messages ? (
        <ProjectMessages
          messages={thread.messages}
          choices={thread.attachments}
          action={messagesAction}
          reply={reply}
          answer={answer}
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
    </>
  );
}
