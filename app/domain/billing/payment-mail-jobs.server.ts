import type { SupabaseClient } from "@supabase/supabase-js";
import type { JobHandler } from "~/domain/jobs/runner.ts";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { getSiteConfig } from "~/domain/site/config.server";
import type { Locale } from "~/i18n/locale";
import { agencyTimeZone } from "~/infra/env.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { invoiceLocale } from "./payment-mails.server";
import { clientAddresses } from "./quote-mail.server";

/**
 * The jobs that write receipts and reminders (issue 43, item 6; 20261220200001_payment_mails.sql;
 * the mails themselves: payment-mails.server.ts). `billing.receipt` is queued by the database for
 * every allocation, whatever applied it (the M-Pesa check job, a verified Paybill payment, an
 * admin); `billing.reminders` runs every morning in the agency's time zone. Both are
 * idempotent: one mail per recipient, kind, allocation and stage (a unique index).
 */
type Service = AppSupabase;

interface MailRow {
  kind: "payment_receipt" | "payment_notice" | "invoice_reminder";
  invoice_id: number;
  allocation_id?: number;
  stage?: string;
  email: string;
  locale: Locale;
}

export const BILLING_RECEIPT = "billing.receipt";
export const BILLING_REMINDERS = "billing.reminders";

async function insertMails(service: Service, rows: MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  // A row already written (a job run again) is skipped by the unique index.
  const { error } = await service.from("billing_mails").upsert(rows, { ignoreDuplicates: true });
  if (error && error.code !== "23505") throw new Error(error.message);
  void kickOutbox();
}

/** Writes the receipt and the agency's notice of allocation `allocationId`. */
export async function queueReceipt(service: Service, allocationId: number): Promise<number> {
  const { data: allocation, error } = await service
    .from("payment_allocations")
    .select("id, invoice_id, organisation_id")
    .eq("id", allocationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!allocation) return 0;
  const { data: invoice } = await service
    .from("invoices")
    .select("language")
    .eq("id", allocation.invoice_id)
    .single();
  const locale = invoiceLocale(invoice?.language ?? "en");
  const base = { invoice_id: allocation.invoice_id, allocation_id: allocation.id, locale };
  const addresses = await clientAddresses(service, allocation.organisation_id);
  const agency = (await getSiteConfig()).email;
  const rows: MailRow[] = addresses.map((email) => ({ ...base, kind: "payment_receipt", email }));
  if (agency) rows.push({ ...base, kind: "payment_notice", email: agency, locale: "en" });
  await insertMails(service, rows);
  return rows.length;
}

/** The agency's date today, as the reminders count days. */
export function agencyToday(now = new Date(), zone = agencyTimeZone()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
}

/** Writes the reminders due today; returns how many mails. */
export async function queueReminders(service: Service, today = agencyToday()): Promise<number> {
  const { data, error } = await (service as unknown as Pick<SupabaseClient, "rpc">).rpc(
    "queue_invoice_reminders",
    { p_today: today },
  );
  if (error) throw new Error(error.message);
  const due = (data ?? []) as { invoice_id: number; stage: string }[];
  const rows: MailRow[] = [];
  for (const { invoice_id, stage } of due) {
    const { data: invoice } = await service
      .from("invoices")
      .select("organisation_id, language")
      .eq("id", invoice_id)
      .single();
    if (!invoice) continue;
    const locale = invoiceLocale(invoice.language);
    // People who turned invoice reminders off on /profile are left out (invitees get them).
    for (const email of await clientAddresses(service, invoice.organisation_id, "invoices")) {
      rows.push({ kind: "invoice_reminder", invoice_id, stage, email, locale });
    }
  }
  await insertMails(service, rows);
  return rows.length;
}

/** The next run of the reminders: tomorrow at 08:00 in the agency's zone (about). */
export function nextReminderRun(now = new Date(), zone = agencyTimeZone()): Date {
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(
      now,
    ),
  );
  const hoursToEight = (24 + 8 - hour) % 24 || 24;
  const next = new Date(now.getTime() + hoursToEight * 3_600_000);
  next.setUTCMinutes(0, 0, 0);
  return next;
}

export const receiptJob: JobHandler = {
  async run(job) {
    const service = serviceRoleClient();
    const allocation = (job.payload as { allocation?: unknown } | null)?.allocation;
    if (!service || typeof allocation !== "number") return undefined;
    await queueReceipt(service, allocation);
    return undefined;
  },
};

export const remindersJob: JobHandler = {
  async run() {
    const service = serviceRoleClient();
    if (service) await queueReminders(service);
    return { again: nextReminderRun() };
  },
};
