import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { invoicesLinkText } from "~/domain/billing/client-invoices.server";
import { deliverableViews } from "~/domain/portal/deliverable-view.server";
import { projectDeliverables } from "~/domain/portal/deliverables.server";
import { projectManager } from "~/domain/portal/project-manager.server";
import { projectPosts } from "~/domain/portal/project-posts.server";
import { dueDate, postRows, projectRows } from "~/domain/portal/project-view.server";
import { projectWithMilestones } from "~/domain/portal/projects.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { bundle, type Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { Failure } from "~/lib/result";
import { loadThread } from "./project-thread.server";

/**
 * The organisation and project of a client's project page, as `supabase` may read them, with the
 * project's milestones — all three read at the same time; another organisation's project, or one
 * of an organisation the caller may not read, answers 404 (the database shows them nothing).
 */
export async function clientProject(
  supabase: AppSupabase,
  params: { organisationId?: string; projectId?: string },
) {
  const [organisation, found] = await Promise.all([
    organisationById(supabase, params.organisationId),
    projectWithMilestones(supabase, params.organisationId, params.projectId),
  ]);
  // The organisation's failure first, as when the project was read only once it was found.
  if (!organisation.ok) throw refusal(organisation);
  if (!found.ok) throw refusal(found);
  return { organisation: organisation.value, ...found.value };
}

/** A read that failed, as the page answers it: 404 for what the caller may not see, else 502. */
export const refusal = (failure: Failure) =>
  data({ message: failure.message }, { status: failure.kind === "not-found" ? 404 : 502 });

type Found = Awaited<ReturnType<typeof clientProject>>;

/**
 * What the client's project page shows — where it stands, who runs it, what waits for a
 * decision, the thread, the agency's updates, the milestones — read with `supabase`: the
 * person's own client on /organisations/…, the admin's view as a member on /admin/clients/…/view
 * (`viewOnly`: the thread is not marked read, the page offers no form).
 */
export async function clientProjectPage(
  supabase: AppSupabase,
  { organisation, project, milestones }: Found,
  t: Translator,
  viewOnly = false,
) {
  const [summary] = await projectRows([project], t.locale);
  const delivering = projectDeliverables(supabase, project.id);
  // The milestones came with the project (clientProject): no second read.
  const [updates, deliverables, thread, invoicesLink, manager] = await Promise.all([
    projectPosts(supabase, project.id, "update"),
    delivering,
    loadThread(supabase, project.id, delivering, t.locale, !viewOnly),
    invoicesLinkText(supabase, organisation.id, t),
    siteContent(t.locale).then((site) => projectManager(supabase, project.id, site.teamCards)),
  ]);
  return {
    organisation,
    project: summary,
    manager: manager.ok ? manager.value : null,
    milestones: milestones.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      statusText: t(`milestones.${row.status}`),
      due: dueDate(row.due_on, t.locale),
    })),
    updates: updates.ok ? postRows(updates.value, t.locale) : null,
    deliverables: deliverables.ok ? deliverableViews(deliverables.value, t.locale) : null,
    thread,
    invoicesLink,
    error: [updates, deliverables].find((loaded) => !loaded.ok)?.message ?? null,
    i18n: bundle(t.locale, [
      "projects",
      "milestones",
      "account",
      "deliverables",
      "thread",
      "projectFiles",
    ]),
  };
}
