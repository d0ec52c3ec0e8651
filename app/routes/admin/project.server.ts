import { organisationById } from "~/domain/access/organisations.server";
import { deliverableViews } from "~/domain/portal/deliverable-view.server";
import {
  addDeliverable,
  markVersionReady,
  projectDeliverables,
} from "~/domain/portal/deliverables.server";
import {
  addMilestone,
  removeMilestone,
  setMilestoneStatus,
} from "~/domain/portal/milestones.server";
import { type ProjectPageInput, projectPageSchema } from "~/domain/portal/project-forms.server";
import { managerChoices } from "~/domain/portal/project-manager.server";
import { addProjectPost, projectPosts } from "~/domain/portal/project-posts.server";
import {
  dueDate,
  postRows,
  serviceChoices,
  serviceOptions,
} from "~/domain/portal/project-view.server";
import {
  PROJECT_STATUSES,
  projectWithMilestones,
  updateProject,
} from "~/domain/portal/projects.server";
import { workingDaysLater } from "~/domain/portal/working-days";
import { localizeFailure } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Result } from "~/lib/result";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { refusal } from "~/web/client-project.server";
import { receiveVersion, uploadTarget } from "~/web/deliverable-upload.server";
import { answerThreadForm, isThreadPost, loadThread } from "~/web/project-thread.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/project";

/**
 * The client, its project named by the URL and the project's milestones, read at the same time;
 * 404 for anything else.
 */
export async function clientProject(
  supabase: AppSupabase,
  params: { id?: string; projectId?: string },
) {
  const [organisation, found] = await Promise.all([
    organisationById(supabase, params.id),
    projectWithMilestones(supabase, params.id, params.projectId),
  ]);
  if (!organisation.ok) throw refusal(organisation);
  if (!found.ok) throw refusal(found);
  return { organisation: organisation.value, ...found.value };
}

/** One project of a client: its details (to change) and its milestones (to add, update, remove). */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  // The milestones come with the project (clientProject): no second read.
  const { organisation, project, milestones } = await clientProject(supabase, args.params);
  const delivering = projectDeliverables(supabase, project.id);
  const [services, updates, notes, deliverables, thread, managers] = await Promise.all([
    serviceOptions(locale),
    projectPosts(supabase, project.id, "update"),
    projectPosts(supabase, project.id, "note"),
    delivering,
    loadThread(supabase, project.id, delivering, locale),
    managerChoices(supabase, project.id),
  ]);
  return {
    organisation,
    project: {
      ...project,
      manager: managers.ok ? (managers.value.find((choice) => choice.current)?.id ?? null) : null,
    },
    // Who may run it (its client's staff and the admins); no field when they did not load.
    managers: managers.ok ? managers.value.map(({ id, label }) => ({ id, label })) : undefined,
    steps: services.find((service) => service.id === project.service)?.steps ?? [],
    services: services.map(({ id, title }) => ({ id, title })),
    statuses: PROJECT_STATUSES,
    milestones: milestones.map((row) => ({ ...row, due: dueDate(row.due_on, locale) })),
    updates: updates.ok ? postRows(updates.value, locale) : null,
    notes: notes.ok ? postRows(notes.value, locale) : null,
    deliverables: deliverables.ok ? deliverableViews(deliverables.value, locale) : null,
    thread,
    error: [updates, notes, deliverables].find((loaded) => !loaded.ok)?.message ?? null,
    i18n: bundle(locale, [
      "projects",
      "milestones",
      "adminClients",
      "deliverables",
      "thread",
      "decisionExport",
      "projectFiles",
    ]),
  };
}

type Intent = ProjectPageInput["intent"];

/** Working days a version waits for a decision before its client is reminded (issue 42). */
const REMINDER_WORKING_DAYS = 3;

/** What each intent does, as the signed-in admin, and what its toast then says. */
const INTENTS: Record<
  Intent,
  {
    done: MessageKey;
    run: (supabase: AppSupabase, project: number, v: ProjectPageInput) => Promise<Result>;
  }
> = {
  save: {
    done: "projects.saved",
    run: (supabase, project, v) =>
      updateProject(supabase, project, {
        title: v.title ?? "",
        service: v.service,
        status: v.status ?? "proposal",
        stage: v.stage,
        starts_on: v.starts_on,
        due_on: v.due_on,
        manager: v.manager,
      }),
  },
  add: {
    done: "milestones.added",
    run: (supabase, project, v) =>
      addMilestone(supabase, project, { title: v.milestone_title ?? "", due_on: v.milestone_due }),
  },
  status: {
    done: "milestones.updated",
    run: (supabase, project, v) =>
      setMilestoneStatus(supabase, project, v.milestone ?? 0, v.milestone_status ?? "upcoming"),
  },
  remove: {
    done: "milestones.removed",
    run: (supabase, project, v) => removeMilestone(supabase, project, v.milestone ?? 0),
  },
  update: {
    done: "projects.updatePosted",
    run: (supabase, project, v) => addProjectPost(supabase, project, "update", v.body ?? ""),
  },
  note: {
    done: "projects.notePosted",
    run: (supabase, project, v) => addProjectPost(supabase, project, "note", v.body ?? ""),
  },
  deliverable: {
    done: "deliverables.added",
    run: (supabase, project, v) =>
      addDeliverable(supabase, project, {
        title: v.deliverable_title ?? "",
        note: v.deliverable_note,
      }),
  },
  ready: {
    done: "deliverables.markedReady",
    // The client's reminder comes after 3 working days on the agency's clock.
    run: (supabase, project, v) =>
      markVersionReady(
        supabase,
        project,
        v.version ?? 0,
        workingDaysLater(new Date(), REMINDER_WORKING_DAYS, agencyTimeZone()),
      ),
  },
};

/** Intents about one row of a list: their failure is a toast, not a message under a form. */
const ROW_INTENTS: readonly Intent[] = ["status", "remove", "ready"];

/** Saves the project, changes its milestones or posts to it; mistakes come back under their fields. */
export async function action(args: Route.ActionArgs) {
  const t: Translator = translator(adminLocale(args.request));
  if (uploadTarget(args.request) !== null) {
    // A deliverable's new version (a multipart form): read as a stream, never as form data.
    const { supabase } = await adminLoad(args);
    const { organisation, project } = await clientProject(supabase, args.params);
    return receiveVersion(
      supabase,
      {
        organisationId: organisation.id,
        projectId: project.id,
        deliverableId: uploadTarget(args.request),
      },
      args.request,
      `/admin/clients/${organisation.id}/projects/${project.id}`,
      t,
    );
  }
  if (isThreadPost(args.request)) {
    const { supabase } = await adminLoad(args);
    const { organisation, project } = await clientProject(supabase, args.params);
    return answerThreadForm(
      args,
      project.id,
      `/admin/clients/${organisation.id}/projects/${project.id}`,
      t,
    );
  }
  const services = serviceChoices(await serviceOptions(t.locale));
  const form = await readAdminForm(args, projectPageSchema(t, services));
  if ("answer" in form) return form.answer;
  const { organisation, project } = await clientProject(form.supabase, args.params);
  const value = form.value;
  const intent = INTENTS[value.intent];
  const result = await intent.run(form.supabase, project.id, value);
  if (!result.ok) {
    const toast = ROW_INTENTS.includes(value.intent);
    const failure = localizeFailure(result, t);
    return failedForm(failure, form.submission, { toast, underForm: !toast });
  }
  const here = `/admin/clients/${organisation.id}/projects/${project.id}`;
  return redirectWithToast(here, { type: "success", title: t(intent.done) });
}
