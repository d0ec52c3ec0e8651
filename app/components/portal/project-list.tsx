import { Link } from "react-router";
import { linkClass, primaryButton, stacked } from "~/components/admin/admin-page";
import { StackedTable } from "~/components/admin/stacked-table";
import { useT } from "~/i18n/use-t";

interface ProjectRow {
  id: number;
  title: string;
  statusText: string;
  serviceText: string | null;
  stageText: string | null;
  due: { iso: string; text: string } | null;
  progressText: string;
  nextDueText: string | null;
  /** "2 unread messages" (null: none). */
  unreadText?: string | null;
}

/**
 * A client's projects: each one's service and stage, status, due date and milestones. With
 * `newHref` (the agency), a link to add one; with `hrefOf`, each title links to its page;
 * `empty` says what an empty list means here.
 */
export function ProjectList({
  name,
  projects,
  newHref,
  hrefOf,
  empty,
}: {
  name: string;
  projects: ProjectRow[];
  newHref?: string;
  hrefOf?: (id: number) => string;
  empty: string;
}) {
  const t = useT();
  const columns = [
    t("projects.columnTitle"),
    t("projects.columnStatus"),
    t("projects.columnDue"),
    t("projects.columnProgress"),
  ];
  return (
    <section aria-labelledby="client-projects" className="mb-10">
      <h2 id="client-projects" className="mb-4 text-xl font-bold text-slate-900">
        {t("projects.heading")}
      </h2>
      {newHref ? (
        <p className="mb-4">
          <Link to={newHref} className={primaryButton}>
            {t("projects.new")}
          </Link>
        </p>
      ) : null}
      {projects.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <StackedTable caption={t("projects.caption", { name })} columns={columns}>
          {projects.map((project) => (
            <tr key={project.id} className={stacked.row}>
              <td data-label={columns[0]} className={stacked.cell}>
                {hrefOf ? (
                  <Link to={hrefOf(project.id)} className={`font-semibold ${linkClass}`}>
                    {project.title}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{project.title}</span>
                )}
                {project.unreadText ? (
                  <span className="block text-sm font-semibold text-brand-800">
                    {hrefOf ? (
                      <Link to={`${hrefOf(project.id)}#messages`} className={linkClass}>
                        {project.unreadText}
                      </Link>
                    ) : (
                      project.unreadText
                    )}
                  </span>
                ) : null}
                {project.serviceText ? (
                  <span className="block text-sm text-slate-700">
                    {project.serviceText}
                    {project.stageText ? ` · ${project.stageText}` : ""}
                  </span>
                ) : null}
              </td>
              <td data-label={columns[1]} className={stacked.cell}>
                {project.statusText}
              </td>
              <td data-label={columns[2]} className={stacked.cell}>
                {project.due ? (
                  <time dateTime={project.due.iso}>{project.due.text}</time>
                ) : (
                  t("projects.notDue")
                )}
              </td>
              <td data-label={columns[3]} className={stacked.cell}>
                {project.progressText}
                {project.nextDueText ? (
                  <span className="block text-sm text-slate-700">{project.nextDueText}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </section>
  );
}
