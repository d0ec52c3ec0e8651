import type { AppSupabase } from "~/infra/supabase.server";

/**
 * A person's places for unfinished resumable uploads, kept in the database
 * (supabase/migrations/20261246000001_resumable_upload_places.sql) so that the bound holds on
 * hosted Storage, which has none of its own, and across every site worker: at most
 * `RESUMABLE_PLACES` unexpired ones, taken before a creation is passed on to Storage and given
 * back when the upload finishes, is dropped or is refused (or once it expires, an hour on).
 */
export const RESUMABLE_PLACES = 5;

/**
 * What taking a place answered: taken; full (the person keeps the most; the first of them
 * expires in `retryAfter` seconds); refused (no such project, no right to write its files); or
 * failed (the database did not answer).
 */
export type PlaceTaken =
  | { kind: "taken" }
  | { kind: "full"; retryAfter: number }
  | { kind: "refused" }
  | { kind: "failed" };

/** Takes one of the signed-in person's places for an upload of `length` bytes into `objectName`. */
export async function takeResumablePlace(
  supabase: AppSupabase,
  projectId: number,
  objectName: string,
  length: number,
): Promise<PlaceTaken> {
  const { data, error } = await supabase.rpc("take_resumable_upload_place", {
    p_project: projectId,
    p_object_name: objectName,
    p_length: length,
  });
  if (error) return { kind: error.code === "42501" ? "refused" : "failed" };
  if (typeof data !== "number") return { kind: "failed" };
  return data === 0 ? { kind: "taken" } : { kind: "full", retryAfter: data };
}

/**
 * Gives back the person's place for the upload into `objectName`: with `offset` (what a part's
 * answer reached) only when the upload finished there. Answers whether a place was given back
 * (false when the upload goes on, or when there was none: expired, given back already).
 */
export async function freeResumablePlace(
  supabase: AppSupabase,
  objectName: string,
  offset?: number,
): Promise<boolean> {
  const { data, error } = await supabase.rpc("free_resumable_upload_place", {
    p_object_name: objectName,
    ...(offset === undefined ? {} : { p_offset: offset }),
  });
  return !error && data === true;
}
