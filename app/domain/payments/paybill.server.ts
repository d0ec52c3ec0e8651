import type { SupabaseClient } from "@supabase/supabase-js";
import { serviceRoleClient } from "~/infra/supabase.server";
import type { C2bConfirmation } from "./daraja/callbacks";

/**
 * Paybill payments (issue 43, item 5; decision 019): a C2B confirmation is recorded once
 * (public.record_paybill_payment: the TransID is unique), unverified. It counts once verified
 * against M-Pesa's own record (public.verify_paybill_payment, which then applies it to the
 * invoice its account number names and leaves the rest for the agency's unmatched list).
 */
type Service = Pick<SupabaseClient, "rpc">;

/** Records the confirmation's payment (the same id for a repeated one). */
export async function recordPaybillPayment(
  confirmation: C2bConfirmation,
  service: Service | null = serviceRoleClient(),
): Promise<number> {
  if (!service) throw new Error("payments need the service role");
  const payer = [confirmation.payerName, confirmation.msisdn].filter(Boolean).join(" · ");
  const { data, error } = await service.rpc("record_paybill_payment", {
    p_trans_id: confirmation.transId,
    p_amount_cents: confirmation.amountCents,
    p_account: confirmation.billRefNumber,
    p_payer: payer,
    p_received_at: confirmation.paidAt ?? null,
  });
  if (error) throw new Error(error.message);
  return Number(data);
}

/**
 * Marks a Paybill payment verified with the amount M-Pesa's record shows, and applies it;
 * returns the cents applied to an invoice (0: unmatched, already verified, or the amounts
 * disagree — then the payment keeps a note and stays unverified).
 */
export async function verifyPaybillPayment(
  paymentId: number,
  amountCents: number,
  service: Service | null = serviceRoleClient(),
): Promise<number> {
  if (!service) throw new Error("payments need the service role");
  const { data, error } = await service.rpc("verify_paybill_payment", {
    p_payment: paymentId,
    p_amount_cents: amountCents,
  });
  if (error) throw new Error(error.message);
  return Number(data ?? 0);
}
