import { failWith } from "~/i18n/failures.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { isOrganisationId } from "../access/organisations.server";
import { backendFailure } from "../admin/queries.server";
import { type Milestone, projectMilestones } from "./milestones.server";

/**
 * A client's projects (supabase/migrations/20261213000001_projects.sql), read and written with
 * the caller's own client: row-level security (public.can()) decides who sees and changes what —
 * the agency runs them, the client's people follow them.
 */
export const PROJECT_STATUSES = ["proposal", "active", "on_hold", "delivered", "closed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** At most this many projects of one client on a page (newest first). */
export const PROJECTS_SHOWN = 100;

/** What the project forms give (project-forms.server.ts). */
export interface ProjectInput {
  title: string;
  service?: string;
  status: ProjectStatus;
  stage?: number;
  starts_on?: string;
  due_on?: string;
  /** Who runs it (an agency person's id; "none" for nobody); unchanged when absent. */
  manager?: string;
}

export interface ProjectSummary {
  id: number;
  title: string;
  service: string | null;
  status: ProjectStatus;
  stage: number | null;
  starts_on: string | null;
  due_on: string | null;
  milestones: { done: number; total: number; nextDue: string | null };
}

interface MilestoneRow {
  status: string;
  due_on: string | null;
}

/** Done of total, and the earliest due date of those not done. */
function progress(rows: MilestoneRow[]): ProjectSummary["milestones"] {
  const open = rows.filter((row) => row.status !== "done");
  const dues = open.map((row) => row.due_on).filter((due): due is string => due !== null);
  return { done: rows.length - open.length, total: rows.length, nextDue: dues.sort()[0] ?? null };
}

/**
 * The organisation's projects the caller may see, newest first, each with its milestones'
 * progress: two requests, whatever the number of projects.
 */
export async function organisationProjects(
  supabase: AppSupabase,
  organisationId: string,
): Promise<Result<ProjectSummary[]>> {
  const [projects, milestones] = await Promise.all([
    supabase
      .from("projects")
      .select("id, title, service, status, stage, starts_on, due_on")
      .eq("organisation_id", organisationId)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(PROJECTS_SHOWN),
    supabase
      .from("project_milestones")
      .select("project_id, status, due_on")
      .eq("organisation_id", organisationId)
      .limit(PROJECTS_SHOWN * 50),
  ]);
  if (projects.error) return backendFailure(projects.error);
  if (milestones.error) return backendFailure(milestones.error);
  const byProject = new Map<number, MilestoneRow[]>();
  for (const row of milestones.data ?? []) {
    byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row]);
  }
  return ok(
    (projects.data ?? []).map((row) => ({
      ...row,
      status: row.status as ProjectStatus,
      milestones: progress(byProject.get(row.id) ?? []),
    })),
  );
}

/** A new project of the organisation, as the caller (admins and its assigned staff may); its id. */
export async function createProject(
  supabase: AppSupabase,
  organisationId: string,
  input: ProjectInput,
): Promise<Result<number>> {
  const { data, error } = await supabase
    .from("projects")
    .insert({
      organisation_id: organisationId,
      title: input.title,
      service: input.service ?? null,
      status: input.status,
      starts_on: input.starts_on ?? null,
      due_on: input.due_on ?? null,
    })
    .select("id")
    .single();
  if (error?.code === "42501") return failWith("forbidden", "projects.notAllowed");
  if (error) return backendFailure(error);
  return ok(data.id);
}

/** One project of the organisation the caller may see; not-found for any other id. */
export async function projectById(
  supabase: AppSupabase,
  organisationId: string | undefined,
  id: string | undefined,
): Promise<Result<ProjectSummary>> {
  const found = await projectWithMilestones(supabase, organisationId, id);
  return found.ok ? ok(found.value.project) : found;
}

/**
 * One project of the organisation the caller may see and its milestones in their order, read at
 * the same time (one round trip; a page showing them needs no second read); not-found for any
 * other id — the milestones of a project the caller may not see are none (row-level security).
 */
export async function projectWithMilestones(
  supabase: AppSupabase,
  organisationId: string | undefined,
  id: string | undefined,
): Promise<Result<{ project: ProjectSummary; milestones: Milestone[] }>> {
  if (!isOrganisationId(organisationId) || !id || !/^\d{1,15}$/.test(id)) {
    return failWith("not-found", "projects.notFound");
  }
  const projectId = Number(id);
  const [found, milestones] = await Promise.all([
    supabase
      .from("projects")
      .select("id, title, service, status, stage, starts_on, due_on")
      .eq("organisation_id", organisationId)
      .eq("id", projectId)
      .maybeSingle(),
    projectMilestones(supabase, projectId),
  ]);
  if (found.error) return backendFailure(found.error);
  if (!found.data) return failWith("not-found", "projects.notFound");
  if (!milestones.ok) return milestones;
  const project = {
    ...found.data,
    status: found.data.status as ProjectStatus,
    milestones: progress(milestones.value),
  };
  return ok({ project, milestones: milestones.value });
}

/** Saves a project's details, as the caller (admins and its client's assigned staff may). */
export async function updateProject(
  supabase: AppSupabase,
  projectId: number,
  input: ProjectInput,
): Promise<Result> {
  const { data, error } = await supabase
    .from("projects")
    .update({
      title: input.title,
      service: input.service ?? null,
      status: input.status,
      stage: input.service ? (input.stage ?? null) : null,
      starts_on: input.starts_on ?? null,
      due_on: input.due_on ?? null,
      ...(input.manager === undefined
        ? {}
        : { manager_id: input.manager === "none" ? null : input.manager }),
    })
    .eq("id", projectId)
    .select("id");
  if (error) return backendFailure(error);
  if (!data?.length) return failWith("forbidden", "projects.notAllowed");
  return ok();
}
