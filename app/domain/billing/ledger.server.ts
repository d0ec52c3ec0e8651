import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import { backendFailure } from "~/domain/admin/queries.server";
import { failWith } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import type { Database } from "~/infra/database.types";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";

/**
 * The payments ledger as the agency sees it (/admin/payments; decision 019): every payment
 * newest first with the invoices it was applied to, the money nobody has taken yet (unmatched:
 * no client, or less allocated than received), flagged M-Pesa prompts, and the three things an
 * admin does by hand — assign money to an invoice (the allocation trigger checks and audits it),
 * verify a Paybill payment against the M-Pesa statement, record a cash or bank payment.
 */

export const LEDGER_LIMIT = 300;

export interface LedgerPayment {
  id: number;
  method: string;
  receipt: string | null;
  amountCents: number;
  allocatedCents: number;
  organisationId: string | null;
  client: string | null;
  account: string | null;
  receivedAt: string;
  verified: boolean;
  note: string | null;
  applied: { invoiceId: number; number: string; amountCents: number }[];
}

export interface FlaggedPush {
  id: number;
  phone: string;
  amountCents: number;
  reason: string;
  invoiceId: number;
  createdAt: string;
}

export interface Ledger {
  payments: LedgerPayment[];
  unmatched: LedgerPayment[];
  flagged: FlaggedPush[];
  clients: { id: string; name: string }[];
}

export async function loadLedger(supabase: AppSupabase): Promise<Result<Ledger>> {
  const [payments, organisations, flagged] = await Promise.all([
    supabase
      .from("payments")
      .select(
        "id, method, mpesa_receipt, amount_cents, allocated_cents, organisation_id, account_reference, received_at, verified_at, note",
      )
      .order("received_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(LEDGER_LIMIT),
    supabase.from("organisations").select("id, name").order("name").limit(2000),
    supabase
      .from("mpesa_pushes")
      .select("id, phone, amount_cents, flag_reason, invoice_id, created_at")
      .eq("status", "flagged")
      .order("created_at", { ascending: false })
      .limit(100),
  ]);
  for (const answer of [payments, organisations, flagged]) {
    if (answer.error) return backendFailure(answer.error);
  }
  const ids = (payments.data ?? []).map((p) => p.id);
  const allocations = ids.length
    ? await supabase
        .from("payment_allocations")
        .select("payment_id, invoice_id, amount_cents")
        .in("payment_id", ids)
    : { data: [], error: null };
  if (allocations.error) return backendFailure(allocations.error);
  const invoiceIds = [...new Set((allocations.data ?? []).map((a) => a.invoice_id))];
  const invoices = invoiceIds.length
    ? await supabase.from("invoices").select("id, number").in("id", invoiceIds)
    : { data: [], error: null };
  if (invoices.error) return backendFailure(invoices.error);
  const numberOf = new Map((invoices.data ?? []).map((i) => [i.id, i.number ?? ""]));
  const nameOf = new Map((organisations.data ?? []).map((o) => [o.id, o.name]));
  const rows: LedgerPayment[] = (payments.data ?? []).map((p) => ({
    id: p.id,
    method: p.method,
    receipt: p.mpesa_receipt,
    amountCents: p.amount_cents,
    allocatedCents: p.allocated_cents,
    organisationId: p.organisation_id,
    client: p.organisation_id ? (nameOf.get(p.organisation_id) ?? null) : null,
    account: p.account_reference,
    receivedAt: p.received_at,
    verified: p.verified_at !== null,
    note: p.note,
    applied: (allocations.data ?? [])
      .filter((a) => a.payment_id === p.id)
      .map((a) => ({
        invoiceId: a.invoice_id,
        number: numberOf.get(a.invoice_id) ?? "",
        amountCents: a.amount_cents,
      })),
  }));
  return ok({
    payments: rows,
    unmatched: rows.filter((p) => p.organisationId === null || p.allocatedCents < p.amountCents),
    flagged: (flagged.data ?? []).map((f) => ({
      id: f.id,
      phone: f.phone,
      amountCents: f.amount_cents,
      reason: f.flag_reason ?? "",
      invoiceId: f.invoice_id,
      createdAt: f.created_at,
    })),
    clients: organisations.data ?? [],
  });
}

/** The allocation trigger's refusals, by hint, and the field each is about. */
const ASSIGN_REFUSALS: Record<string, { key: MessageKey; field: "invoice" | "amount" }> = {
  unverified: { key: "adminBilling.payments.refusedUnverified", field: "invoice" },
  not_open: { key: "adminBilling.payments.refusedNotOpen", field: "invoice" },
  organisation: { key: "adminBilling.payments.refusedOrganisation", field: "invoice" },
  payment_left: { key: "adminBilling.payments.refusedPaymentLeft", field: "amount" },
  balance: { key: "adminBilling.payments.refusedBalance", field: "amount" },
};

export type AssignAnswer =
  | { ok: true; number: string }
  | { ok: false; field: "invoice" | "amount" | null; key: MessageKey | null; message: string };

function assignRefusal(error: PostgrestError): AssignAnswer {
  const refusal = ASSIGN_REFUSALS[error.hint ?? ""];
  if (refusal && error.code === "23514") return { ok: false, ...refusal, message: error.message };
  if (error.code === "P0002") {
    return {
      ok: false,
      field: "invoice",
      key: "adminBilling.payments.invoiceUnknown",
      message: error.message,
    };
  }
  return { ok: false, field: null, key: null, message: backendFailure(error).message };
}

/**
 * Applies `amountCents` of payment `paymentId` to the issued invoice numbered `number`, as the
 * signed-in admin: the allocation's trigger checks it under the locks and writes the audit log.
 */
export async function assignPayment(
  supabase: AppSupabase,
  paymentId: number,
  number: string,
  amountCents: number,
): Promise<AssignAnswer> {
  const normalised = number.trim().toUpperCase();
  const { data: invoice, error } = await supabase
    .from("invoices")
    .select("id, number")
    .eq("number", normalised)
    .eq("kind", "invoice")
    .maybeSingle();
  if (error) return assignRefusal(error);
  if (!invoice) {
    return {
      ok: false,
      field: "invoice",
      key: "adminBilling.payments.invoiceUnknown",
      message: "",
    };
  }
  // organisation_id is the trigger's to set (authenticated may not write it): not sent.
  const row = { payment_id: paymentId, invoice_id: invoice.id, amount_cents: amountCents };
  const inserted = await supabase
    .from("payment_allocations")
    .insert(row as unknown as Database["public"]["Tables"]["payment_allocations"]["Insert"]);
  if (inserted.error) return assignRefusal(inserted.error);
  return { ok: true, number: invoice.number ?? normalised };
}

/**
 * "Verify against the M-Pesa statement" of an unverified Paybill payment, by an admin who found
 * it on the statement. Only the service role may verify a Paybill payment (the site's own
 * Transaction Status query will do it when that job exists), so this checks FIRST that the
 * caller is an admin — public.can('update', 'payment') answered with the caller's own session —
 * and only then asks, as the service role, public.verify_paybill_payment(payment, amount) with
 * the payment's own recorded amount: it sets verified_at and applies the money to the invoice
 * its account number names (what is left stays unmatched). Returns the amount applied.
 */
export async function verifyPaybillByAdmin(
  supabase: AppSupabase,
  paymentId: number,
): Promise<Result<number>> {
  const allowed = await supabase.rpc("can", {
    p_action: "update",
    p_entity: "payment",
    p_organisation: null as unknown as string,
  });
  if (allowed.error) return backendFailure(allowed.error);
  if (allowed.data !== true) return fail("forbidden", "Only administrators verify payments.");
  const { data: payment, error } = await supabase
    .from("payments")
    .select("id, method, amount_cents, verified_at")
    .eq("id", paymentId)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (payment?.method !== "mpesa_paybill" || payment.verified_at !== null) {
    return failWith("not-found", "adminBilling.notFound");
  }
  const service = serviceRoleClient();
  if (!service) return fail("unavailable", "The service role is not configured.");
  // The service role's functions are not in the generated types' client view.
  const applied = await (service as unknown as SupabaseClient).rpc("verify_paybill_payment", {
    p_payment: payment.id,
    p_amount_cents: payment.amount_cents,
  });
  if (applied.error) return backendFailure(applied.error);
  return ok(Number(applied.data ?? 0));
}

export interface CashPayment {
  method: "cash" | "bank";
  amountCents: number;
  organisationId: string;
  receivedOn: string;
  note: string;
}

/** Records a cash or bank payment (the trigger marks it verified by this admin); its id. */
export async function recordPayment(
  supabase: AppSupabase,
  input: CashPayment,
): Promise<Result<number>> {
  const { data, error } = await supabase
    .from("payments")
    .insert({
      method: input.method,
      amount_cents: input.amountCents,
      organisation_id: input.organisationId,
      received_at: `${input.receivedOn}T12:00:00Z`,
      note: input.note || null,
    })
    .select("id")
    .single();
  if (error) return backendFailure(error);
  return ok(data.id);
}
