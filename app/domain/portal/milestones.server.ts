import { failWith } from "~/i18n/failures.server";
import type { Database } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * A project's milestones (20261213000001_projects.sql), in their order, read and written as the
 * caller: admins and the client's assigned staff change them, the client's people read them.
 */
export const MILESTONE_STATUSES = ["upcoming", "in_progress", "done"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
/** A project keeps at most this many milestones (a page shows them all). */
export const MILESTONES_MAX = 50;

export interface Milestone {
  id: number;
  title: string;
  due_on: string | null;
  status: MilestoneStatus;
  done_at: string | null;
}

export async function projectMilestones(
  supabase: AppSupabase,
  projectId: number,
): Promise<Result<Milestone[]>> {
  const { data, error } = await supabase
    .from("project_milestones")
    .select("id, title, due_on, status, done_at")
    .eq("project_id", projectId)
    .order("position")
    .order("id")
    .limit(MILESTONES_MAX);
  if (error) return backendFailure(error);
  return ok((data ?? []).map((row) => ({ ...row, status: row.status as MilestoneStatus })));
}

/** A milestone after the project's last one; refused once the project has MILESTONES_MAX. */
export async function addMilestone(
  supabase: AppSupabase,
  projectId: number,
  input: { title: string; due_on?: string },
): Promise<Result> {
  const { data: last, error: read } = await supabase
    .from("project_milestones")
    .select("position")
    .eq("project_id", projectId)
    .order("position", { ascending: false })
    .limit(MILESTONES_MAX);
  if (read) return backendFailure(read);
  if ((last ?? []).length >= MILESTONES_MAX) return failWith("limited", "milestones.tooMany");
  // The organisation is the project's: a trigger sets it (nobody may send it).
  const row = {
    project_id: projectId,
    title: input.title,
    due_on: input.due_on ?? null,
    status: "upcoming",
    position: (last?.[0]?.position ?? -1) + 1,
  } as Database["public"]["Tables"]["project_milestones"]["Insert"];
  const { error } = await supabase.from("project_milestones").insert(row);
  if (error?.code === "42501") return failWith("forbidden", "projects.notAllowed");
  if (error) return backendFailure(error);
  return ok();
}

/** Changes one milestone of the project; not-found for any other. */
async function changed(
  query: PromiseLike<{ data: unknown[] | null; error: { code?: string; message: string } | null }>,
): Promise<Result> {
  const { data, error } = await query;
  if (error) return backendFailure(error);
  if (!data?.length) return failWith("not-found", "milestones.notFound");
  return ok();
}

export function setMilestoneStatus(
  supabase: AppSupabase,
  projectId: number,
  milestoneId: number,
  status: MilestoneStatus,
): Promise<Result> {
  return changed(
    supabase
      .from("project_milestones")
      .update({ status })
      .eq("project_id", projectId)
      .eq("id", milestoneId)
      .select("id"),
  );
}

export function removeMilestone(
  supabase: AppSupabase,
  projectId: number,
  milestoneId: number,
): Promise<Result> {
  return changed(
    supabase
      .from("project_milestones")
      .delete()
      .eq("project_id", projectId)
      .eq("id", milestoneId)
      .select("id"),
  );
}
