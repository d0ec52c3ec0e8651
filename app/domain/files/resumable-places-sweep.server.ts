import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { serviceRoleClient } from "~/infra/supabase.server";

/**
 * The hourly sweep of expired places for unfinished resumable uploads (public.resumable_uploads,
 * resumable-places.server.ts). A person's own expired places are dropped when they next start an
 * upload; the places of people who never come back are dropped here, so the table holds no more
 * than the uploads of the last hour.
 */
export const RESUMABLE_PLACES_SWEEP = "files.resumable_places_sweep";

const EVERY_MS = 60 * 60 * 1000;

/** Deletes the expired places as of `now`; the number deleted. */
export async function sweepExpiredPlaces(
  service: Pick<SupabaseClient, "from">,
  now = new Date(),
): Promise<number> {
  const { data, error } = await service
    .from("resumable_uploads")
    .delete()
    .lte("expires_at", now.toISOString())
    .select("id");
  if (error) throw new Error(error.message);
  return (data ?? []).length;
}

export const resumablePlacesSweepJob: JobHandler = {
  async run() {
    const service = serviceRoleClient();
    if (service) await sweepExpiredPlaces(service);
    return { again: new Date(Date.now() + EVERY_MS) };
  },
};
