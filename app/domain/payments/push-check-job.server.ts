import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler, JobOutcome } from "~/domain/jobs/runner.ts";
import { serviceRoleClient } from "~/infra/supabase.server";
import { parseStkCallback, type StkCallback } from "./daraja/callbacks";
import { type StkQueryResult, stkQuery } from "./daraja/client.server";
import { outcomeOf } from "./daraja/outcomes";
import { type FlagReason, pushVerdict } from "./daraja/verdict";
import { MPESA_CHECK } from "./pushes.server";

/**
 * The check of an M-Pesa Express push (decision 019): the only code that settles one. It reads
 * the callback the webhook lane stored (if one came), asks STK Push Query itself, and lets
 * pushVerdict (daraja/verdict.ts) decide:
 * - paid (the query's final "0", the callback agreeing on request, amount and result) →
 *   settled (public.settle_mpesa_push: the payment, verified, applied to the invoice); with no
 *   callback yet the receipt is added when it comes (the mpesa hook);
 * - not paid (a final failure both agree on) → the push fails with its outcome;
 * - a contradiction (another request, a wrong amount, callback and query disagreeing) →
 *   flagged for the agency: a recorded success is never downgraded, nor credited, automatically;
 * - no final answer yet → asked again, a little later each time, until GIVE_UP_MS; then a
 *   callback saying paid alone is flagged, anything else fails.
 * Idempotent: a push already resolved is left alone.
 */
export { MPESA_CHECK };

/** After this, a push without a final answer is resolved with what is known. */
const GIVE_UP_MS = 15 * 60 * 1000;

type Service = Pick<SupabaseClient, "from" | "rpc">;

interface Push {
  id: number;
  status: string;
  amount_cents: number;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  created_at: string;
}

/** The next query: 5 s, then a quarter of the push's age, at most a minute. */
export function nextCheckDelayMs(ageMs: number): number {
  return Math.min(60_000, Math.max(5_000, Math.round(ageMs / 4)));
}

/** The callback the lane stored for this CheckoutRequestID, read as Daraja's shape. */
async function storedCallback(service: Service, checkout: string): Promise<StkCallback | null> {
  const { data } = await service
    .from("webhook_deliveries")
    .select("body")
    .eq("hook", "mpesa")
    .eq("delivery_id", checkout)
    .maybeSingle();
  const body = (data as { body: string } | null)?.body;
  if (!body) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const reading = parseStkCallback(json);
  return reading.ok ? reading.callback : null;
}

async function update(service: Service, id: number, values: Record<string, unknown>) {
  const { error } = await service
    .from("mpesa_pushes")
    .update(values)
    .eq("id", id)
    .in("status", ["requesting", "pending"]);
  if (error) throw new Error(error.message);
}

const flag = (service: Service, id: number, reason: string) =>
  update(service, id, {
    status: "flagged",
    flag_reason: reason.slice(0, 500),
    resolved_at: new Date().toISOString(),
  });

async function settle(
  service: Service,
  push: Push,
  receipt: string | null,
  paidAt: string | null,
): Promise<void> {
  const { error } = await service.rpc("settle_mpesa_push", {
    p_push: push.id,
    p_receipt: receipt,
    p_paid_at: paidAt,
  });
  if (error && error.hint !== "resolved") throw new Error(error.message);
}

const FLAG_REASONS: Record<FlagReason, string> = {
  "other-request": "The callback or the query names another request than this push's",
  "wrong-amount": "The callback's amount differs from the amount asked",
  "results-disagree": "The callback and STK Push Query disagree on the result",
};

/** Decides a push from its callback (or none) and the query's answer. */
export async function checkPush(
  service: Service,
  push: Push,
  query: (checkout: string) => Promise<StkQueryResult> = stkQuery,
  now = Date.now(),
): Promise<JobOutcome> {
  if (!["requesting", "pending"].includes(push.status)) return undefined;
  const age = now - Date.parse(push.created_at);
  const again = { again: new Date(now + nextCheckDelayMs(age)) };
  if (!push.checkout_request_id) {
    // Daraja has not answered the push yet (requestPush records it): wait, then give up.
    if (age < GIVE_UP_MS) return again;
    await update(service, push.id, {
      status: "refused",
      outcome: "unreachable",
      resolved_at: new Date(now).toISOString(),
    });
    return undefined;
  }
  const callback = await storedCallback(service, push.checkout_request_id);
  if (callback) {
    await update(service, push.id, {
      callback_result_code: callback.resultCode,
      callback_amount_cents: callback.payment?.amountCents ?? null,
      callback_receipt: callback.payment?.receipt ?? null,
      callback_at: new Date(now).toISOString(),
    });
  }
  const answer = await query(push.checkout_request_id);
  const verdict = pushVerdict(
    {
      checkoutRequestId: push.checkout_request_id,
      merchantRequestId: push.merchant_request_id ?? "",
      amountCents: Number(push.amount_cents),
    },
    callback ?? undefined,
    answer,
  );
  const resolvedAt = new Date(now).toISOString();
  switch (verdict.kind) {
    case "paid":
      await settle(service, push, verdict.receipt ?? null, verdict.paidAt ?? null);
      return undefined;
    case "flagged":
      await flag(service, push.id, FLAG_REASONS[verdict.reason]);
      return undefined;
    case "not-paid":
      await update(service, push.id, {
        status: "failed",
        result_code: verdict.resultCode.slice(0, 40),
        result_desc: answer.kind === "final" ? answer.resultDesc.slice(0, 500) : null,
        outcome: verdict.outcome,
        resolved_at: resolvedAt,
      });
      return undefined;
    case "wait":
      if (age < GIVE_UP_MS) return again;
      // No final answer in GIVE_UP_MS: a callback saying paid is not enough (decision 019).
      if (callback?.resultCode === "0") {
        await flag(service, push.id, "The callback said paid; STK Push Query never confirmed it");
      } else {
        await update(service, push.id, {
          status: "failed",
          result_code: callback?.resultCode ?? null,
          outcome: callback ? outcomeOf(callback.resultCode) : "unknown",
          resolved_at: resolvedAt,
        });
      }
      return undefined;
  }
}

/** The push of a job's payload. */
function pushIdOf(payload: unknown): number | null {
  const push = (payload as { push?: unknown } | null)?.push;
  return typeof push === "number" && Number.isSafeInteger(push) ? push : null;
}

export const pushCheckJob: JobHandler = {
  timeoutMs: 20_000,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  async run(job) {
    const service = serviceRoleClient() as Service | null;
    const id = pushIdOf(job.payload);
    if (!service || id === null) return undefined;
    const { data, error } = await service
      .from("mpesa_pushes")
      .select("id, status, amount_cents, checkout_request_id, merchant_request_id, created_at")
      .eq("id", id)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) return undefined;
    return checkPush(service, data as Push);
  },
};
