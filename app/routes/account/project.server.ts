import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { invoicesLinkText } from "~/domain/billing/client-invoices.server";
import { decisionSchema } from "~/domain/portal/deliverable-forms.server";
import { deliverableViews } from "~/domain/portal/deliverable-view.server";
import { decideVersion, projectDeliverables } from "~/domain/portal/deliverables.server";
import { projectMilestones } from "~/domain/portal/milestones.server";
import { projectPosts } from "~/domain/portal/project-posts.server";
import { dueDate, postRows, projectRows } from "~/domain/portal/project-view.server";
import { projectById } from "~/domain/portal/projects.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { answerThreadForm, isThreadPost, loadThread } from "~/web/project-thread.server";
import { failedForm } from "~/web/replies.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/project";

/**
 * /organisations/:organisationId/projects/:projectId: one project as the client's people follow
 * it — where it stands, what the agency has told them and its milestones, in their language. Another organisation's project,
 * or one of an organisation the person is not in, answers 404 (the database shows them nothing).
 */
async function clientProject(
  supabase: AppSupabase,
  params: { organisationId?: string; projectId?: string },
) {
  const organisation = await organisationById(supabase, params.organisationId);
  const project = organisation.ok
    ? await projectById(supabase, organisation.value.id, params.projectId)
    : organisation;
  if (!organisation.ok || !project.ok) {
    const failure = !organisation.ok ? organisation : project.ok ? null : project;
    const status = failure?.kind === "not-found" ? 404 : 502;
    throw data({ message: failure?.message ?? "" }, { status });
  }
  return { organisation: organisation.value, project: project.value };
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const { organisation, project } = await clientProject(supabase, args.params);
  const [summary] = await projectRows([project], t.locale);
  const delivering = projectDeliverables(supabase, project.id);
  const [milestones, updates, deliverables, thread, invoicesLink] = await Promise.all([
    projectMilestones(supabase, project.id),
    projectPosts(supabase, project.id, "update"),
    delivering,
    loadThread(supabase, project.id, delivering, t.locale),
    invoicesLinkText(supabase, organisation.id, t),
  ]);
  return {
    organisation,
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
    deliverables: deliverables.ok ? deliverableViews(deliverables.value, t.locale) : null,
    thread,
    invoicesLink,
    error: [milestones, updates, deliverables].find((loaded) => !loaded.ok)?.message ?? null,
    i18n: bundle(t.locale, ["projects", "milestones", "account", "deliverables", "thread"]),
  };
}

/**
 * The client's decision on a version waiting for one: approve, or request changes with a reason
 * (worded under the field, what was typed kept). The database decides who may and on which
 * version; another organisation's project or version answers 404.
 */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  if (isThreadPost(args.request)) {
    const { supabase } = await adminLoad(args);
    const { organisation, project } = await clientProject(supabase, args.params);
    const page = t.path(`/organisations/${organisation.id}/projects/${project.id}`);
    return answerThreadForm(args, project.id, page, t);
  }
  const form = await readAdminForm(args, decisionSchema(t));
  if ("answer" in form) return form.answer;
  const { organisation, project } = await clientProject(form.supabase, args.params);
  const { version, decision, reason } = form.value;
  const decided = await decideVersion(form.supabase, project.id, version, decision, reason);
  if (!decided.ok) {
    if (decided.kind === "not-found") throw data({ message: decided.message }, { status: 404 });
    return failedForm(localizeFailure(decided, t), form.submission, { toast: true });
  }
  const title = t(
    decision === "approved" ? "deliverables.youApproved" : "deliverables.youRequestedChanges",
    decided.value,
  );
  const here = t.path(`/organisations/${organisation.id}/projects/${project.id}`);
  return redirectWithToast(here, { type: "success", title });
}
