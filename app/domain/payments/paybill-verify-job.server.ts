import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { serviceRoleClient } from "~/infra/supabase.server";
import {
  type TransactionStatusAnswer,
  transactionStatus,
} from "./daraja/transaction-status.server";

/**
 * The automatic check of a Paybill payment (decision 019): once a C2B confirmation is recorded
 * (the mpesac2b hook queues this job), the site asks M-Pesa's Transaction Status about its
 * TransID. Daraja answers later, at the mpesastatus hook, whose provider verifies the payment
 * (app/domain/hooks/providers/mpesastatus.server.ts). Here: asked → done; no answer → asked
 * again with backoff; refused or not configured → a note for the agency, whose admin verifies
 * against the M-Pesa statement instead.
 */
export const MPESA_PAYBILL_VERIFY = "mpesa.paybill_verify";

type Service = Pick<SupabaseClient, "from">;

interface Payment {
  id: number;
  method: string;
  mpesa_receipt: string | null;
  verified_at: string | null;
}

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
    case "accepted":
      return answer;
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
      .select("id, method, mpesa_receipt, verified_at")
      .eq("id", id)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (data) await askAboutPayment(service, data as Payment);
    return undefined;
  },
};
