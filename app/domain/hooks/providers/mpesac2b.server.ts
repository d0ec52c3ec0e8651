import { queueJob } from "~/domain/jobs/queue.server";
import { c2bDeliveryId, parseC2bConfirmation } from "~/domain/payments/daraja/callbacks";
import { recordPaybillPayment } from "~/domain/payments/paybill.server";
import { MPESA_PAYBILL_VERIFY } from "~/domain/payments/paybill-verify-job.server";
import type { HookDefinition } from "../definition";

/**
 * Paybill (C2B) confirmations (`/hooks/mpesac2b/<HOOK_MPESAC2B_SECRET>`; decision 019): the
 * lane keeps the raw body once per TransID; the payment is recorded once, unverified, and
 * applied only once M-Pesa's own record agrees: the mpesa.paybill_verify job asks Transaction
 * Status (app/domain/payments/paybill-verify-job.server.ts; its key makes a repeated
 * confirmation queue nothing more). A malformed confirmation is kept raw for the agency and
 * records nothing.
 */
export const hook: HookDefinition = {
  name: "mpesac2b",
  deliveryId: c2bDeliveryId,
  async handle({ payload }) {
    const reading = parseC2bConfirmation(payload);
    if (!reading.ok) return;
    const payment = await recordPaybillPayment(reading.confirmation);
    await queueJob(MPESA_PAYBILL_VERIFY, {
      payload: { payment },
      key: `payment:${payment}`,
      maxAttempts: 10,
    });
  },
};
