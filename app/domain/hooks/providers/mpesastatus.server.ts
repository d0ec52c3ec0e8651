import {
  parseStatusResult,
  statusDeliveryId,
  statusVerdict,
} from "~/domain/payments/daraja/status-result";
import { verifyPaybillPayment } from "~/domain/payments/paybill.server";
import { notePaybillPayment } from "~/domain/payments/paybill-verify-job.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import type { HookDefinition } from "../definition";

/**
 * Transaction Status Results (`/hooks/mpesastatus/<HOOK_MPESASTATUS_SECRET>`, Daraja's ResultURL
 * and QueueTimeOutURL of the paybill_verify job's queries; decision 019). The lane keeps the raw
 * body once per ConversationID (one per query) and ResultCode, so a replayed Result is a no-op,
 * and verify_paybill_payment verifies a payment at most once whatever comes. The payment is the
 * Paybill payment whose receipt (mpesa_receipt, unique) the Result names: ResultCode 0,
 * TransactionStatus Completed and the same ReceiptNo verify it with M-Pesa's amount (the
 * database compares it with the recorded one and keeps a note when they differ) and apply it;
 * anything else leaves it unverified with a note for the agency. A Result naming no recorded
 * unverified Paybill payment, or answering no query the site asked about it
 * (paybill_status_queries: a ConversationID from Daraja's answer to the job), is kept raw and
 * changes nothing.
 */
const NOT_VERIFIED = "Not verified: ";

/** Once verified, an earlier Result's "Not verified" note (a queue timeout, say) is stale. */
async function clearAutomaticNote(service: AppSupabase, id: number) {
  const { error } = await service
    .from("payments")
    .update({ note: null })
    .eq("id", id)
    .not("verified_at", "is", null)
    .like("note", `${NOT_VERIFIED}%`);
  if (error) throw new Error(error.message);
}

export const hook: HookDefinition = {
  name: "mpesastatus",
  deliveryId: statusDeliveryId,
  async handle({ payload }) {
    const reading = parseStatusResult(payload);
    if (!reading.ok) return;
    const { result } = reading;
    const receipt = result.details?.receipt ?? result.transactionId;
    const service = serviceRoleClient();
    if (!receipt || !service) return;
    const { data, error } = await service
      .from("payments")
      .select("id, verified_at")
      .eq("mpesa_receipt", receipt)
      .eq("method", "mpesa_paybill")
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!data || data.verified_at) return;
    // Only the Result of a query the site asked about this payment counts.
    const { data: asked, error: notAsked } = await service
      .from("paybill_status_queries")
      .select("payment_id")
      .eq("conversation_id", result.conversationId ?? "")
      .eq("payment_id", data.id)
      .maybeSingle();
    if (notAsked) throw new Error(notAsked.message);
    if (!asked) return;
    const verdict = statusVerdict(result, receipt);
    if (verdict.kind === "completed") {
      await verifyPaybillPayment(data.id, verdict.amountCents, service);
      await clearAutomaticNote(service, data.id);
    } else {
      await notePaybillPayment(
        service,
        data.id,
        `${NOT_VERIFIED}${verdict.reason}; an admin verifies it against the M-Pesa statement`,
      );
    }
  },
};
