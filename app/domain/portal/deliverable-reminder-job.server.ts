import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { serviceRoleClient } from "~/infra/supabase.server";

/**
 * The job that reminds a client of a version waiting for their decision
 * (deliverable-reminders.server.ts says what it sends). Queued once per version by
 * public.mark_version_ready, due 3 working days after the version was marked ready.
 */
export const DELIVERABLE_REMINDER = "deliverable.reminder";

/** The job's payload: the version it is about. */
function versionOf(payload: unknown): number | null {
  const version = (payload as { version?: unknown } | null)?.version;
  return typeof version === "number" && Number.isSafeInteger(version) ? version : null;
}

/**
 * The service role's RPC is not in the generated Database type (which lists what clients may
 * call), as the jobs queue's own are not (app/domain/jobs/store.ts).
 */
type ServiceClient = Pick<SupabaseClient, "rpc">;

/** Queues the reminders of `version` (none when it has been decided or replaced meanwhile). */
export async function queueReminders(service: ServiceClient, version: number): Promise<number> {
  const { data, error } = await service.rpc("queue_deliverable_reminders", {
    p_version: version,
  });
  if (error) throw new Error(error.message);
  return Number(data ?? 0);
}

export const deliverableReminderJob: JobHandler = {
  async run(job) {
    const service = serviceRoleClient();
    const version = versionOf(job.payload);
    if (!service || version === null) return undefined;
    if ((await queueReminders(service, version)) > 0) void kickOutbox();
    return undefined;
  },
};
