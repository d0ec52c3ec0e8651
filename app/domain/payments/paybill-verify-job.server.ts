import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler, JobOutcome } from "~/domain/jobs/runner.ts";
import { serviceRoleClient } from "~/infra/supabase.server";
import {
  type TransactionStatusAnswer,
  transactionStatus,
} from "./daraja/transaction-status.server";

/**
 * The automatic check of a Paybill payment (decision 019): once a C2B confirmation is recorded
 * (the mpesac2b hook queues this job), the site asks M-Pesa's Transaction Status about its
 * TransID. Daraja answers later, at the mpesastatus hook, whose provider verifies the payment
 * (app/domain/hooks/providers/mpesastatus.server.ts). Here: asked → looked at again after
 * ASK_AGAIN_MS, and asked again while no Result came (no note, not verified) for GIVE_UP_MS; no
 * answer from Daraja → retried with backoff; refused or not configured → a note for the agency,
 * whose admin verifies against the M-Pesa statement instead.
 */
export const MPESA_PAYBILL_VERIFY = "mpesa.paybill_verify";

type Service = Pick<SupabaseClient, "from">;

interface Payment {
  id: number;
  method: string;
  mpesa_receipt: string | null;
  verified_at: string | null;
}

/** A query no Result answered is asked again after this long … */
export const ASK_AGAIN_MS = 15 * 60_000;
/** … until the payment was recorded this long ago; then the agency is told. */
export const GIVE_UP_MS = 2 * 60 * 60_000;

/** Leaves `note` on a payment that is still unverified. */
export async function notePaybillPayment(service: Service, id: number, note: string) {
  const { error } = await service
    .from("payments")
    .update({ note: note.slice(0, 500) })
    .eq("id", id)
    .is("verified_at", null);
  if (error) throw new Error(error.message);
}

const FALLBACK = "an admin verifies it against the M-Pesa statement";

/** Asks Transaction Status about the payment, as the job does. */
export async function askAboutPayment(
  service: Service,
  payment: Payment,
  ask: (transId: string, occasion: string) => Promise<TransactionStatusAnswer> = transactionStatus,
): Promise<TransactionStatusAnswer | undefined> {
  if (payment.method !== "mpesa_paybill" || payment.verified_at || !payment.mpesa_receipt) {
    return undefined;
  }
  const answer = await ask(payment.mpesa_receipt, `Payment ${payment.id}`);
  switch (answer.kind) {
    case "accepted": {
      // The Result will name this query: only then does it count (the mpesastatus hook).
      const { error } = await service
        .from("paybill_status_queries")
        .upsert(
          { conversation_id: answer.conversationId, payment_id: payment.id },
          { onConflict: "conversation_id", ignoreDuplicates: true },
        );
      if (error) throw new Error(error.message);
      return answer;
    }
    case "unreachable":
      // The runner retries with backoff; the payment stays unverified meanwhile.
      throw new Error(`Transaction Status unreachable (${answer.reason})`);
    case "rejected":
      await notePaybillPayment(
        service,
        payment.id,
        `Not verified automatically: Transaction Status refused the query (${answer.errorCode} ${answer.errorMessage}); ${FALLBACK}`,
      );
      return answer;
    case "unconfigured":
      await notePaybillPayment(
        service,
        payment.id,
        `Not verified automatically (${answer.message}); ${FALLBACK}`,
      );
      return answer;
  }
}

/**
 * One run of the job: nothing once the payment is verified or carries a note (a Result, the
 * database or a person has spoken); else asks, and looks again after ASK_AGAIN_MS — until
 * GIVE_UP_MS after the payment was recorded, when a note says M-Pesa never answered.
 */
export async function verifyRound(
  service: Service,
  payment: Payment & { note: string | null; created_at: string },
  ask: (transId: string, occasion: string) => Promise<TransactionStatusAnswer> = transactionStatus,
  now = Date.now(),
): Promise<JobOutcome> {
  if (payment.verified_at || payment.note) return undefined;
  if (now - Date.parse(payment.created_at) > GIVE_UP_MS) {
    if (payment.method === "mpesa_paybill") {
      await notePaybillPayment(
        service,
        payment.id,
        `Not verified automatically: M-Pesa's Transaction Status sent no Result in ${GIVE_UP_MS / 3_600_000} hours; ${FALLBACK}`,
      );
    }
    return undefined;
  }
  const answer = await askAboutPayment(service, payment, ask);
  return answer?.kind === "accepted" ? { again: new Date(now + ASK_AGAIN_MS) } : undefined;
}

/** The payment of a job's payload. */
function paymentIdOf(payload: unknown): number | null {
  const payment = (payload as { payment?: unknown } | null)?.payment;
  return typeof payment === "number" && Number.isSafeInteger(payment) ? payment : null;
}

export const paybillVerifyJob: JobHandler = {
  timeoutMs: 20_000,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  async run(job) {
    const service = serviceRoleClient() as Service | null;
    const id = paymentIdOf(job.payload);
    if (!service || id === null) return undefined;
    const { data, error } = await service
      .from("payments")
      .select("id, method, mpesa_receipt, verified_at, note, created_at")
      .eq("id", id)
      .maybeSingle();
    if (error) throw new Error(error.message);
    return data ? verifyRound(service, data) : undefined;
  },
};
