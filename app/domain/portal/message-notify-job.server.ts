import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { kickOutbox } from "~/domain/outbox/outbox.server";

/**
 * The other side's notice of new messages in a project's thread. Each message marks the people
 * of the other side as owed a notice and queues a `project_messages.notify` job
 * (20261218000001_project_messages.sql); the job asks public.queue_message_mails() to write one
 * mail per person owed one and not mailed about this thread in the last 10 minutes — listing
 * every message that arrived meanwhile — and runs again when the next person may be mailed.
 * The outbox then sends each in its person's language with a link straight to the thread.
 */
export const MESSAGES_NOTIFY = "project_messages.notify";

type ServiceClient = Pick<SupabaseClient, "rpc">;

function projectOf(payload: unknown): number | null {
  const project = (payload as { project?: unknown } | null)?.project;
  return typeof project === "number" && Number.isSafeInteger(project) ? project : null;
}

/** Writes the mails due now for the project's thread; when to look again (null: nobody waits). */
export async function queueMessageMails(
  service: ServiceClient,
  project: number,
): Promise<{ queued: number; nextAt: Date | null }> {
  const { data, error } = await service.rpc("queue_message_mails", { p_project: project });
  if (error) throw new Error(error.message);
  const row = (Array.isArray(data) ? data[0] : data) as {
    queued: number | null;
    next_at: string | null;
  } | null;
  return {
    queued: Number(row?.queued ?? 0),
    nextAt: row?.next_at ? new Date(row.next_at) : null,
  };
}

export function messageNotifyJob(service: () => ServiceClient | null): JobHandler {
  return {
    async run(job) {
      const client = service();
      const project = projectOf(job.payload);
      if (!client || project === null) return undefined;
      const { queued, nextAt } = await queueMessageMails(client, project);
      if (queued > 0) void kickOutbox();
      return nextAt ? { again: nextAt } : undefined;
    },
  };
}
