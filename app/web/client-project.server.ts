import { data } from "react-router";
import { isOrganisationId, organisationById } from "~/domain/access/organisations.server";
import { invoicesLinkText } from "~/domain/billing/client-invoices.server";
import { deliverableViews } from "~/domain/portal/deliverable-view.server";
import { projectDeliverables } from "~/domain/portal/deliverables.server";
import { projectManager } from "~/domain/portal/project-manager.server";
import { projectPosts } from "~/domain/portal/project-posts.server";
import {
  dueDate,
  type ProjectRow,
  postRows,
  projectRows,
} from "~/domain/portal/project-view.server";
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

/**
 * What the client's project page shows — where it stands, who runs it, what waits for a
 * decision, the thread, the agency's updates, the milestones — read with `supabase`: the
 * person's own client on /organisations/…, the admin's view as a member on /admin/clients/…/view
 * (`viewOnly`: the thread is not marked read, the page offers no form). Another organisation's
 * project, or one the caller may not read, answers 404 (clientProject).
 *
 * The page's reads need only the ids in the address, so they start with clientProject's, not
 * after: one round trip before the page instead of two. Row-level security shows nothing of a
 * project the caller may not read, and when it is not found the page is a 404 and what they
 * read is dropped; the thread is marked read only once the project is found.
 */
export async function clientProjectPage(
  supabase: AppSupabase,
  params: { organisationId?: string; projectId?: string },
  t: Translator,
  viewOnly = false,
) {
  const finding = clientProject(supabase, params);
  const ids = { organisation: params.organisationId ?? "", project: Number(params.projectId) };
  const reading =
    isOrganisationId(ids.organisation) && Number.isSafeInteger(ids.project)
      ? pageReads(supabase, ids, t, viewOnly ? false : finding)
      : null;
  reading?.catch(() => undefined); // a 404 (finding) answers first; these are dropped then
  const { organisation, project, milestones } = await finding;
  const [summary, [updates, deliverables, thread, invoicesLink, manager]] = await Promise.all([
    // One row for the one project.
    projectRows([project], t.locale).then(([row]) => row as ProjectRow),
    // The ids in the address are the project's when it is found: `reading` is set.
    reading ??
      pageReads(supabase, { organisation: organisation.id, project: project.id }, t, !viewOnly),
  ]);
  return {
    organisation,
    project: summary,
    manager: manager.ok ? manager.value : null,
    // The milestones came with the project (clientProject): no second read.
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

/**
 * The page's reads of project `ids.project` of organisation `ids.organisation`, at the same
 * time; the thread is marked read once `markRead` resolves (true: now; false: never).
 */
function pageReads(
  supabase: AppSupabase,
  ids: { organisation: string; project: number },
  t: Translator,
  markRead: boolean | Promise<unknown>,
) {
  const delivering = projectDeliverables(supabase, ids.project);
  return Promise.all([
    projectPosts(supabase, ids.project, "update"),
    delivering,
    loadThread(supabase, ids.project, delivering, t.locale, markRead),
    invoicesLinkText(supabase, ids.organisation, t),
    siteContent(t.locale).then((site) => projectManager(supabase, ids.project, site.teamCards)),
  ]);
}
