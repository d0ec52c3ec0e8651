import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import {
  addMilestone,
  projectMilestones,
  removeMilestone,
  setMilestoneStatus,
} from "~/domain/portal/milestones.server";
import { projectPageSchema } from "~/domain/portal/project-forms.server";
import { dueDate, serviceChoices, serviceOptions } from "~/domain/portal/project-view.server";
import { PROJECT_STATUSES, projectById, updateProject } from "~/domain/portal/projects.server";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Result } from "~/lib/result";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/project";

/** The client and its project named by the URL; 404 for anything else. */
async function clientProject(supabase: AppSupabase, params: Route.LoaderArgs["params"]) {
  const organisation = await organisationById(supabase, params.id);
  const project = organisation.ok
    ? await projectById(supabase, organisation.value.id, params.projectId)
    : organisation;
  if (!organisation.ok || !project.ok) {
    const failure = organisation.ok ? project : organisation;
    if (failure.ok) throw new Error("unreachable");
    throw data({ message: failure.message }, { status: failure.kind === "not-found" ? 404 : 502 });
  }
  return { organisation: organisation.value, project: project.value };
}

/** One project of a client: its details (to change) and its milestones (to add, update, remove). */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const { organisation, project } = await clientProject(supabase, args.params);
  const [services, milestones] = await Promise.all([
    serviceOptions(locale),
    projectMilestones(supabase, project.id),
  ]);
  return {
    organisation,
    project,
    steps: services.find((service) => service.id === project.service)?.steps ?? [],
    services: services.map(({ id, title }) => ({ id, title })),
    statuses: PROJECT_STATUSES,
    milestones: milestones.ok
      ? milestones.value.map((row) => ({ ...row, due: dueDate(row.due_on, locale) }))
      : null,
    error: milestones.ok ? null : milestones.message,
    i18n: bundle(locale, ["projects", "milestones", "adminClients"]),
  };
}

/** What each intent did, for its toast. */
const DONE = {
  save: "projects.saved",
  add: "milestones.added",
  status: "milestones.updated",
  remove: "milestones.removed",
} as const;

/** Saves the project or changes its milestones; mistakes come back under their fields. */
export async function action(args: Route.ActionArgs) {
  const t: Translator = translator(adminLocale(args.request));
  const services = serviceChoices(await serviceOptions(t.locale));
  const form = await readAdminForm(args, projectPageSchema(t, services));
  if ("answer" in form) return form.answer;
  const { organisation, project } = await clientProject(form.supabase, args.params);
  const value = form.value;
  const milestone = value.milestone ?? 0;
  let result: Result;
  if (value.intent === "save") {
    result = await updateProject(form.supabase, project.id, {
      title: value.title ?? "",
      service: value.service,
      status: value.status ?? "proposal",
      stage: value.stage,
      starts_on: value.starts_on,
      due_on: value.due_on,
    });
  } else if (value.intent === "add") {
    const input = { title: value.milestone_title ?? "", due_on: value.milestone_due };
    result = await addMilestone(form.supabase, project.id, input);
  } else if (value.intent === "status") {
    const status = value.milestone_status ?? "upcoming";
    result = await setMilestoneStatus(form.supabase, project.id, milestone, status);
  } else {
    result = await removeMilestone(form.supabase, project.id, milestone);
  }
  if (!result.ok) {
    const toast = value.intent === "status" || value.intent === "remove";
    const failure = localizeFailure(result, t);
    return failedForm(failure, form.submission, { toast, underForm: !toast });
  }
  const here = `/admin/clients/${organisation.id}/projects/${project.id}`;
  return redirectWithToast(here, { type: "success", title: t(DONE[value.intent]) });
}
