import { failWith } from "~/i18n/failures.server";
import type { Database } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * A project's files, both ways (supabase/migrations/20261233000001_project_files.sql): the rows
 * the caller may read (the permission table decides), newest first, and the record of a file
 * just stored in the client's folder. The database sets the organisation, size, type, uploader
 * and side from what it knows, never from the caller.
 */
export interface ProjectFile {
  id: number;
  path: string;
  name: string;
  size: number;
  type: string;
  uploader: string;
  side: "client" | "agency";
  createdAt: string;
}

/** The most files a page lists (newest first). */
export const FILES_SHOWN = 200;

export async function projectFiles(
  supabase: AppSupabase,
  projectId: number,
): Promise<Result<ProjectFile[]>> {
  const { data, error } = await supabase
    .from("project_files")
    .select("id, file_path, file_name, file_size, file_type, uploader_name, side, created_at")
    .eq("project_id", projectId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(FILES_SHOWN);
  if (error) return backendFailure(error);
  return ok(
    (data ?? []).map((row) => ({
      id: row.id,
      path: row.file_path,
      name: row.file_name,
      size: row.file_size,
      type: row.file_type,
      uploader: row.uploader_name,
      side: row.side === "agency" ? "agency" : "client",
      createdAt: row.created_at,
    })),
  );
}

/** Records a stored file (its key in the client's folder) as one of the project's files. */
export async function recordProjectFile(
  supabase: AppSupabase,
  projectId: number,
  file: { key: string; name: string },
): Promise<Result<{ id: number }>> {
  const row = {
    project_id: projectId,
    file_path: file.key,
    file_name: file.name,
  } as Database["public"]["Tables"]["project_files"]["Insert"];
  const { data, error } = await supabase.from("project_files").insert(row).select("id").single();
  if (error?.code === "42501") return failWith("not-found", "projects.notFound");
  if (error) return backendFailure(error);
  return ok(data);
}
