import { deliverMail } from "~/infra/mail.server";
import { type AppSupabase, serviceRoleClient } from "~/infra/supabase.server";
import { clipCodePoints } from "~/lib/text";
import { composeMail, type OutboxRow } from "./compose.server";

/**
 * The mail outbox worker. Rows are written by the database in the same transaction as the
 * contact message or subscription that owes the mail, so a mail is never lost and never delays
 * the visitor. The worker claims due rows (a lease, so several processes never send one twice),
 * delivers, and on failure tries again with exponential backoff (30 s, 1 min, 2 min … 1 h);
 * after 8 attempts the row is "failed", shown on /admin, where an admin can queue it again.
 * What runs it: a kick right after a form queued mail (this process), and the recurring
 * `mail.flush` job of the jobs queue (mail-job.server.ts) in whichever process claims it.
 */
export const MAX_ATTEMPTS = 8;
const BATCH = 10;
const LEASE_MS = 2 * 60_000;
/** How often the recurring mail.flush job looks for due rows. */
export const POLL_MS = 30_000;

export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

export interface OutboxRun {
  sent: number;
  retrying: number;
  failed: number;
}

async function claim(service: AppSupabase, row: OutboxRow, now: Date): Promise<boolean> {
  const { data } = await service
    .from("mail_outbox")
    .update({
      attempts: row.attempts + 1,
      locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
    })
    .eq("id", row.id)
    .eq("attempts", row.attempts)
    .eq("status", "pending")
    .select("id");
  return (data?.length ?? 0) === 1;
}

async function settle(service: AppSupabase, row: OutboxRow, error: string | null, now: Date) {
  const attempts = row.attempts + 1;
  const update = error
    ? {
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        last_error: clipCodePoints(error, 1000),
        next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
        locked_until: null,
      }
    : { status: "sent", sent_at: now.toISOString(), last_error: null, locked_until: null };
  await service.from("mail_outbox").update(update).eq("id", row.id);
}

/** Sends every due row once; what happened. */
export async function processOutbox(
  options: { now?: () => Date; service?: AppSupabase | null } = {},
): Promise<OutboxRun> {
  const now = options.now ?? (() => new Date());
  const service = options.service === undefined ? serviceRoleClient() : options.service;
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  if (!service) return run;
  const at = now().toISOString();
  const { data: due, error } = await service
    .from("mail_outbox")
    .select("id, kind, ref_id, attempts")
    .eq("status", "pending")
    .lte("next_attempt_at", at)
    .or(`locked_until.is.null,locked_until.lt.${at}`)
    .order("id")
    .limit(BATCH);
  if (error) throw new Error(error.message);
  for (const row of due ?? []) {
    if (!(await claim(service, row, now()))) continue;
    const mail = await composeMail(service, row);
    if (mail.ok && !mail.value) {
      await service.from("mail_outbox").delete().eq("id", row.id);
      continue;
    }
    const delivered = mail.ok && mail.value ? await deliverMail(mail.value) : mail;
    await settle(service, row, delivered.ok ? null : delivered.message, now());
    if (delivered.ok) run.sent++;
    else if (row.attempts + 1 >= MAX_ATTEMPTS) run.failed++;
    else run.retrying++;
  }
  return run;
}

let running: Promise<void> | null = null;
let again = false;

/** Runs the worker now (in the background); a kick during a run makes it go round once more. */
export function kickOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await processOutbox();
      } catch (error) {
        console.warn(`[outbox] ${error instanceof Error ? error.message : error}`);
      }
    } while (again);
    running = null;
  })();
  return running;
}

/** Resolves when no run is in progress (tests). */
export function outboxIdle(): Promise<void> {
  return running ?? Promise.resolve();
}
