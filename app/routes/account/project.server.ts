import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { projectMilestones } from "~/domain/portal/milestones.server";
import { projectPosts } from "~/domain/portal/project-posts.server";
import { dueDate, postRows, projectRows } from "~/domain/portal/project-view.server";
import { projectById } from "~/domain/portal/projects.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/project";

/**
 * /organisations/:organisationId/projects/:projectId: one project as the client's people follow
 * it — where it stands, what the agency has told them and its milestones, in their language. Another organisation's project,
 * or one of an organisation the person is not in, answers 404 (the database shows them nothing).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const organisation = await organisationById(supabase, args.params.organisationId);
  const project = organisation.ok
    ? await projectById(supabase, organisation.value.id, args.params.projectId)
    : organisation;
  if (!organisation.ok || !project.ok) {
    const failure = !organisation.ok ? organisation : project.ok ? null : project;
    const status = failure?.kind === "not-found" ? 404 : 502;
    throw data({ message: failure?.message ?? "" }, { status });
  }
  const [summary] = await projectRows([project.value], t.locale);
  const [milestones, updates] = await Promise.all([
    projectMilestones(supabase, project.value.id),
    projectPosts(supabase, project.value.id, "update"),
  ]);
  return {
    organisation: organisation.value,
    project: summary,
    milestones: milestones.ok
      ? milestones.value.map((row) => ({
          id: row.id,
          title: row.title,
          status: row.status,
          statusText: t(`milestones.${row.status}`),
          due: dueDate(row.due_on, t.locale),
        }))
      : null,
    updates: updates.ok ? postRows(updates.value, t.locale) : null,
    error: [milestones, updates].find((loaded) => !loaded.ok)?.message ?? null,
    i18n: bundle(t.locale, ["projects", "milestones", "account"]),
  };
}
