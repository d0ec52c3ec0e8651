import { c2bDeliveryId, parseC2bConfirmation } from "~/domain/payments/daraja/callbacks";
import { recordPaybillPayment } from "~/domain/payments/paybill.server";
import type { HookDefinition } from "../definition";

/**
 * Paybill (C2B) confirmations (`/hooks/mpesac2b/<HOOK_MPESAC2B_SECRET>`; decision 019): the
 * lane keeps the raw body once per TransID; the payment is recorded once, unverified, and
 * applied only once M-Pesa's own record agrees (app/domain/payments/paybill.server.ts). A
 * malformed confirmation is kept raw for the agency and records nothing.
 */
export const hook: HookDefinition = {
  name: "mpesac2b",
  deliveryId: c2bDeliveryId,
  async handle({ payload }) {
    const reading = parseC2bConfirmation(payload);
    if (!reading.ok) return;
    await recordPaybillPayment(reading.confirmation);
  },
};
