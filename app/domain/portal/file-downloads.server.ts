import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * Who of the client's people downloaded each of a page's files, from the audit log's
 * `file.downloaded` rows (supabase/migrations/20261242000001_file_download_list.sql): one
 * request for all the page's files, the latest `DOWNLOADS_SHOWN` of each with the total. Admins
 * only (the audit log is theirs): anyone else gets an empty map.
 */
export const DOWNLOADS_SHOWN = 20;

export interface FileDownload {
  /** The account's name, else its address. */
  person: string;
  email: string;
  at: string;
}

export interface FileDownloads {
  count: number;
  latest: FileDownload[];
}

export async function fileDownloads(
  supabase: AppSupabase,
  paths: string[],
): Promise<Result<Map<string, FileDownloads>>> {
  const found = new Map<string, FileDownloads>();
  if (!paths.length) return ok(found);
  const { data, error } = await supabase.rpc("file_downloads", {
    p_paths: paths,
    p_per_file: DOWNLOADS_SHOWN,
  });
  if (error) return backendFailure(error);
  for (const row of data ?? []) {
    const file = found.get(row.file_path) ?? { count: Number(row.downloads), latest: [] };
    file.latest.push({ person: row.person, email: row.email, at: row.downloaded_at });
    found.set(row.file_path, file);
  }
  return ok(found);
}
