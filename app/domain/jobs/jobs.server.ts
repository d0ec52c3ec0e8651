import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  BILLING_RECEIPT,
  BILLING_REMINDERS,
  receiptJob,
  remindersJob,
} from "~/domain/billing/payment-mail-jobs.server";
import {
  RESUMABLE_PLACES_SWEEP,
  resumablePlacesSweepJob,
} from "~/domain/files/resumable-places-sweep.server";
import { MAIL_FLUSH, mailFlushJob } from "~/domain/outbox/mail-job.server";
import {
  MPESA_PAYBILL_VERIFY,
  paybillVerifyJob,
} from "~/domain/payments/paybill-verify-job.server";
import { MPESA_CHECK, pushCheckJob } from "~/domain/payments/push-check-job.server";
import { DELIVERABLE_DECIDED, decisionMailJob } from "~/domain/portal/decision-mail-job.server";
import {
  DELIVERABLE_REMINDER,
  deliverableReminderJob,
} from "~/domain/portal/deliverable-reminder-job.server";
import { MESSAGES_NOTIFY, messageNotifyJob } from "~/domain/portal/message-notify-job.server";
import { serviceRoleClient } from "~/infra/supabase.server";
import { onJobQueued } from "./queue.server.ts";
import { createJobRunner, type JobHandlers, type JobRunner } from "./runner.ts";
import { databaseJobStore } from "./store.ts";

/** Every kind of job this site runs (the portal and payments add theirs here). */
export const jobHandlers: JobHandlers = {
  [MAIL_FLUSH]: mailFlushJob,
  [DELIVERABLE_REMINDER]: deliverableReminderJob,
  [DELIVERABLE_DECIDED]: decisionMailJob(serviceRoleClient),
  [MESSAGES_NOTIFY]: messageNotifyJob(serviceRoleClient),
  [MPESA_CHECK]: pushCheckJob,
  [MPESA_PAYBILL_VERIFY]: paybillVerifyJob,
  [BILLING_RECEIPT]: receiptJob,
  [BILLING_REMINDERS]: remindersJob,
  [RESUMABLE_PLACES_SWEEP]: resumablePlacesSweepJob,
};

/** Jobs that always exist: queued once (their key makes it a no-op afterwards). */
export const RECURRING = [
  { kind: MAIL_FLUSH, key: "recurring" },
  { kind: BILLING_REMINDERS, key: "recurring" },
  { kind: RESUMABLE_PLACES_SWEEP, key: "recurring" },
];

let runner: JobRunner | undefined;

/**
 * Starts this process's runner (once; the server at start-up, the root middleware under
 * `npm run dev`). Without a service-role key there is no queue to reach.
 */
export function startJobs(): void {
  const service = serviceRoleClient();
  if (runner || !service) return;
  const store = databaseJobStore(service);
  const started = createJobRunner({
    store,
    handlers: jobHandlers,
    worker: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  });
  runner = started;
  void Promise.all(
    RECURRING.map(({ kind, key }) =>
      store.enqueue(kind, { key, maxAttempts: 100 }).catch((error: unknown) => {
        console.warn(`[jobs] ${kind}: ${error instanceof Error ? error.message : error}`);
      }),
    ),
  ).finally(() => {
    if (runner === started) started.start();
  });
}

/** Claims at once rather than at the next poll (a job was queued or retried here). */
export function wakeJobs(): void {
  runner?.wake();
}
onJobQueued(wakeJobs);

/** Stops the runner at shutdown once its batch in hand is settled. */
export async function stopJobs(): Promise<void> {
  const stopping = runner;
  runner = undefined;
  await stopping?.stop();
}
