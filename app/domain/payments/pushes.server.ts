import type { SupabaseClient } from "@supabase/supabase-js";
import { queueJob } from "~/domain/jobs/queue.server";
import type { MessageKey } from "~/i18n/messages";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { MPESA_PHONE_ERROR, normaliseMpesaPhone } from "~/lib/mpesa-phone";
import { type StkPushResult, stkPush } from "./daraja/client.server";
import { type OutcomeKind, pushOutcome, type WaitingKind } from "./daraja/outcomes";

/**
 * M-Pesa Express from an invoice (issue 43, item 4; decision 019): the person asks for a prompt
 * on a phone, the database writes the push under its rules (public.start_mpesa_push: one open
 * push per invoice, three prompts per phone in ten minutes, whole shillings up to the balance),
 * the site asks Daraja as the service role and records its answer, and the check job
 * (push-check-job.server.ts) settles the push once STK Push Query confirms it. Nothing here
 * marks anything paid.
 */
export const MPESA_CHECK = "mpesa.check";

/** Seconds after the prompt before the first query (the payer is still typing the PIN). */
export const FIRST_CHECK_SECONDS = 15;

/** What the page does next. */
export type PushAnswer =
  /** The prompt is on its way: show the waiting page of `pushId`. */
  | { kind: "started"; pushId: number }
  /** Daraja said no at once (or did not answer): show `outcome` on the push's page. */
  | { kind: "refused"; pushId: number; outcome: OutcomeKind | WaitingKind }
  /** A prompt for this invoice is already waiting: its page. */
  | { kind: "pending"; pushId: number | null }
  /** A field error, next to the field. */
  | { kind: "field"; field: "phone" | "amount"; key: MessageKey }
  /** The phone had its prompts for ten minutes: the real wait. */
  | { kind: "limited"; retryAfter: number }
  | { kind: "not-open" }
  | { kind: "not-found" }
  | { kind: "backend"; message: string };

/** The service role's pushes and RPCs are not in the generated types' client view. */
type Service = Pick<SupabaseClient, "from" | "rpc">;

const TEN_MINUTES_MS = 10 * 60 * 1000;

/** Seconds until the oldest of the phone's prompts of the last ten minutes is ten minutes old. */
async function phoneWait(service: Service, phone: string): Promise<number> {
  const since = new Date(Date.now() - TEN_MINUTES_MS).toISOString();
  const { data } = await service
    .from("mpesa_pushes")
    .select("created_at")
    .eq("phone", phone)
    .gt("created_at", since)
    .order("created_at")
    .limit(1);
  const oldest = (data as { created_at: string }[] | null)?.[0]?.created_at;
  if (!oldest) return 60;
  return Math.max(1, Math.ceil((Date.parse(oldest) + TEN_MINUTES_MS - Date.now()) / 1000));
}

/** The open push of an invoice the caller may see, if any. */
async function openPush(supabase: AppSupabase, invoiceId: number): Promise<number | null> {
  const { data } = await supabase
    .from("mpesa_pushes")
    .select("id")
    .eq("invoice_id", invoiceId)
    .in("status", ["requesting", "pending"])
    .limit(1);
  return data?.[0]?.id ?? null;
}

/** How Daraja's answer is written on the push. */
function recordOf(result: StkPushResult): Record<string, unknown> {
  switch (result.kind) {
    case "accepted":
      return {
        status: "pending",
        merchant_request_id: result.merchantRequestId,
        checkout_request_id: result.checkoutRequestId,
      };
    case "busy":
    case "rejected":
      return {
        status: "refused",
        outcome: pushOutcome(result),
        result_code: result.errorCode.slice(0, 40),
        result_desc: result.errorMessage.slice(0, 500),
        resolved_at: new Date().toISOString(),
      };
    case "unreachable":
      return {
        status: "refused",
        outcome: "unreachable",
        result_desc: `no answer: ${result.reason}`.slice(0, 500),
        resolved_at: new Date().toISOString(),
      };
    default:
      return {
        status: "refused",
        outcome: "failed",
        result_desc: result.message.slice(0, 500),
        resolved_at: new Date().toISOString(),
      };
  }
}

/**
 * Asks for a prompt on `phoneText` for `amountCents` of invoice `invoiceId`, as the signed-in
 * caller (`supabase`): the database decides whether they may, then Daraja is asked.
 */
export async function requestPush(
  supabase: AppSupabase,
  input: { invoiceId: number; phoneText: string; amountCents: number },
): Promise<PushAnswer> {
  const phone = normaliseMpesaPhone(input.phoneText);
  if (!phone.ok) return { kind: "field", field: "phone", key: MPESA_PHONE_ERROR[phone.reason] };
  const service = serviceRoleClient() as Service | null;
  if (!service) return { kind: "backend", message: "payments need the service role" };
  const started = await supabase.rpc("start_mpesa_push", {
    p_invoice: input.invoiceId,
    p_phone: phone.msisdn,
    p_amount_cents: input.amountCents,
  });
  if (started.error) {
    const { code, hint, message } = started.error;
    if (code === "P0002") return { kind: "not-found" };
    if (code === "23514" && hint === "phone_limit") {
      return { kind: "limited", retryAfter: await phoneWait(service, phone.msisdn) };
    }
    if (code === "23514" && hint === "pending") {
      return { kind: "pending", pushId: await openPush(supabase, input.invoiceId) };
    }
    if (code === "23514" && hint === "amount") {
      return { kind: "field", field: "amount", key: "payments.request.amountInvalid" };
    }
    if (code === "23514" && hint === "phone") {
      return { kind: "field", field: "phone", key: "payments.phone.invalid" };
    }
    if (code === "23514" && hint === "not_open") return { kind: "not-open" };
    return { kind: "backend", message };
  }
  const pushId = Number(started.data);
  const { data: push } = await service
    .from("mpesa_pushes")
    .select("account_reference")
    .eq("id", pushId)
    .single();
  const result = await stkPush({
    phone: phone.msisdn,
    amountCents: input.amountCents,
    accountReference: (push as { account_reference: string } | null)?.account_reference ?? "",
    description: "Invoice",
  });
  // Written only while the push is still being asked for: a callback that came first changes
  // nothing here, the check job reads it from the webhook lane.
  const recorded = await service
    .from("mpesa_pushes")
    .update(recordOf(result))
    .eq("id", pushId)
    .eq("status", "requesting");
  if (recorded.error) return { kind: "backend", message: recorded.error.message };
  if (result.kind !== "accepted") {
    return { kind: "refused", pushId, outcome: pushOutcome(result) ?? "failed" };
  }
  await queueJob(MPESA_CHECK, {
    payload: { push: pushId },
    runAt: new Date(Date.now() + FIRST_CHECK_SECONDS * 1000),
    key: `push:${pushId}`,
    maxAttempts: 20,
  });
  return { kind: "started", pushId };
}

/** A push as its page shows it. */
export interface PushView {
  id: number;
  invoiceId: number;
  organisationId: string;
  /** requesting, pending, refused, paid, failed, flagged. */
  status: string;
  /** What the page says: waiting until the push is resolved, then its outcome. */
  shown: OutcomeKind | WaitingKind;
  amountCents: number;
  phone: string;
  receipt: string | null;
  createdAt: string;
}

/** The caller's view of push `pushId` of organisation `organisationId` (null: none they see). */
export async function pushView(
  supabase: AppSupabase,
  organisationId: string,
  pushId: number,
): Promise<PushView | null> {
  const { data } = await supabase
    .from("mpesa_pushes")
    .select("id, invoice_id, organisation_id, status, outcome, amount_cents, phone, created_at")
    .eq("id", pushId)
    .eq("organisation_id", organisationId)
    .maybeSingle();
  if (!data) return null;
  const { data: payment } = await supabase
    .from("payments")
    .select("mpesa_receipt")
    .eq("push_id", pushId)
    .maybeSingle();
  const resolved = !["requesting", "pending"].includes(data.status);
  const shown: OutcomeKind | WaitingKind = !resolved
    ? "waiting"
    : data.status === "paid"
      ? "paid"
      : data.status === "flagged"
        ? "unknown"
        : ((data.outcome as OutcomeKind | WaitingKind | null) ?? "unknown");
  return {
    id: data.id,
    invoiceId: data.invoice_id,
    organisationId: data.organisation_id,
    status: data.status,
    shown,
    amountCents: Number(data.amount_cents),
    phone: data.phone,
    receipt: payment?.mpesa_receipt ?? null,
    createdAt: data.created_at,
  };
}
