import { z } from "zod";
import type { Tables } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";

/** A job that used up its attempts, as the agency sees it in /admin/jobs. */
export type DeadJob = Pick<
  Tables<"jobs">,
  "id" | "kind" | "attempts" | "last_error" | "created_at" | "updated_at"
>;

/** The most dead jobs shown at once (the newest); more means something is broken upstream. */
export const DEAD_JOBS_SHOWN = 100;

export const retryJobSchema = z.object({
  intent: z.literal("retry-job"),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The dead jobs, newest first, read as the admin (RLS shows admins dead jobs only). */
export async function listDeadJobs(
  supabase: AppSupabase,
): Promise<Result<{ jobs: DeadJob[]; total: number }>> {
  const { data, error, count } = await supabase
    .from("jobs")
    .select("id, kind, attempts, last_error, created_at, updated_at", { count: "exact" })
    .eq("state", "dead")
    .order("updated_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(DEAD_JOBS_SHOWN);
  if (error) return fail("backend", error.message);
  return ok({ jobs: data ?? [], total: count ?? data?.length ?? 0 });
}

/**
 * Queues a dead job again with its attempts back to zero (retry_job checks is_admin() and
 * writes the audit log). A job that is no longer dead (retried from another tab) is a conflict.
 */
export async function retryDeadJob(supabase: AppSupabase, id: number): Promise<Result> {
  const { data, error } = await supabase.rpc("retry_job", { p_id: id });
  if (error) return fail(error.code === "42501" ? "forbidden" : "backend", error.message);
  if (!data) return fail("conflict", "This job is no longer waiting for a retry.");
  return ok(undefined);
}
