import { queueJob } from "~/domain/jobs/queue.server";
import { parseStkCallback, stkDeliveryId } from "~/domain/payments/daraja/callbacks";
import { MPESA_CHECK } from "~/domain/payments/pushes.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import type { HookDefinition } from "../definition";

/**
 * M-Pesa Express callbacks (`/hooks/mpesa/<HOOK_MPESA_SECRET>`; decision 019). The lane keeps
 * the raw body once per CheckoutRequestID; this handler only wakes the push's check job, which
 * reads the stored callback, asks STK Push Query and alone may settle the push. A callback for
 * a request the site never made is kept and ignored; one that comes before Daraja's answer to
 * the push is found by the check job once the push knows its CheckoutRequestID.
 */
export const hook: HookDefinition = {
  name: "mpesa",
  deliveryId: stkDeliveryId,
  async handle({ deliveryId, payload }) {
    const service = serviceRoleClient();
    if (!service) return;
    const { data, error } = await service
      .from("mpesa_pushes")
      .select("id, status, amount_cents")
      .eq("checkout_request_id", deliveryId)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) return;
    if (data.status === "paid") {
      await addLateReceipt(service, data, payload);
      return;
    }
    if (data.status !== "requesting" && data.status !== "pending") return;
    await queueJob(MPESA_CHECK, {
      payload: { push: data.id },
      key: `callback:${deliveryId}`,
      maxAttempts: 20,
    });
  },
};

/**
 * A push settled before its callback came (STK Push Query confirmed it first) gets the
 * callback's receipt, once, when the callback says paid with the amount asked.
 */
async function addLateReceipt(
  service: AppSupabase,
  push: { id: number; amount_cents: number },
  payload: unknown,
): Promise<void> {
  const reading = parseStkCallback(payload);
  if (!reading.ok || !reading.callback.payment) return;
  if (reading.callback.payment.amountCents !== Number(push.amount_cents)) return;
  const { error } = await service
    .from("payments")
    .update({ mpesa_receipt: reading.callback.payment.receipt })
    .eq("push_id", push.id)
    .is("mpesa_receipt", null);
  if (error) throw new Error(error.message);
}
