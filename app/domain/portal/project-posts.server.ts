import type { Database } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * What a project's client is told (`project_updates`) and what only the agency notes
 * (`project_notes`): two tables, so that no policy a client's token meets names an internal
 * note (20261214000001_project_updates.sql, docs/decisions/017-internal-and-client-data.md).
 */
export type PostKind = "update" | "note";
const TABLE = { update: "project_updates", note: "project_notes" } as const;
/** The newest this many of each kind are shown on a page. */
export const POSTS_SHOWN = 100;
export const POST_MAX = 5000;

export interface ProjectPost {
  id: number;
  body: string;
  author_name: string;
  created_at: string;
}

/** The project's updates or notes the caller may read (a client reads no notes), newest first. */
export async function projectPosts(
  supabase: AppSupabase,
  projectId: number,
  kind: PostKind,
): Promise<Result<ProjectPost[]>> {
  const { data, error } = await supabase
    .from(TABLE[kind])
    .select("id, body, author_name, created_at")
    .eq("project_id", projectId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(POSTS_SHOWN);
  if (error) return backendFailure(error);
  return ok(data ?? []);
}

/** Writes an update for the client, or an internal note, as the caller. */
export async function addProjectPost(
  supabase: AppSupabase,
  projectId: number,
  kind: PostKind,
  body: string,
): Promise<Result> {
  // The organisation and the author's name are set by a trigger (nobody may send them).
  const row = {
    project_id: projectId,
    body,
  } as Database["public"]["Tables"]["project_updates"]["Insert"];
  const { error } = await supabase.from(TABLE[kind]).insert(row);
  if (error) return backendFailure(error);
  return ok();
}
