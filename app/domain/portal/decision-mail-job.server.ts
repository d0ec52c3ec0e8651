import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { kickOutbox } from "~/domain/outbox/outbox.server";

/**
 * The job that mails the agency a client's decision (decision-mails.server.ts says what it
 * sends). Queued once per decision, in the transaction that records it
 * (20261236000001_decision_mails.sql).
 */
export const DELIVERABLE_DECIDED = "deliverable.decided";

/** The service role's RPC is not in the generated Database type (see deliverable-reminder-job). */
type ServiceClient = Pick<SupabaseClient, "rpc">;

function decisionOf(payload: unknown): number | null {
  const decision = (payload as { decision?: unknown } | null)?.decision;
  return typeof decision === "number" && Number.isSafeInteger(decision) ? decision : null;
}

/** Writes the decision's mails (none twice); how many were written now. */
export async function queueDecisionMails(service: ServiceClient, decision: number) {
  const { data, error } = await service.rpc("queue_decision_mails", { p_decision: decision });
  if (error) throw new Error(error.message);
  return Number(data ?? 0);
}

export function decisionMailJob(service: () => ServiceClient | null): JobHandler {
  return {
    async run(job) {
      const client = service();
      const decision = decisionOf(job.payload);
      if (!client || decision === null) return undefined;
      if ((await queueDecisionMails(client, decision)) > 0) void kickOutbox();
      return undefined;
    },
  };
}
