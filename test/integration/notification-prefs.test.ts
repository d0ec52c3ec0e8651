/**
 * The optional mails a client turned off on /profile (issue 42, item 2;
 * `user_metadata.notifications`): a person who turned one kind off gets no mail of that kind —
 * a project's message notice, a deliverable's reminder, an invoice's reminder — while the other
 * people of the same client still get theirs, and a receipt-like mail is not affected.
 */
import { describe, expect, it } from "vitest";
import { queueReminders } from "~/domain/billing/payment-mail-jobs.server";
import { clientAddresses } from "~/domain/billing/quote-mail.server";
import type { ClaimedJob } from "~/domain/jobs/store";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import { deliverableReminderJob } from "~/domain/portal/deliverable-reminder-job.server";
import { asResponse } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient } from "../support/backend";
import { agencyPost, pdf, storedDeliverables, uploadVersion } from "../support/deliverables";
import { agencyWrites, mailsTo, runNotices } from "../support/messages";
import { clientWithProject } from "../support/portal";

const site = backendWithAdmin();

const ALL_ON = { messages: true, deliverables: true, invoices: true };

/** A client with a project, an owner who turned `off` off and a member who kept everything. */
async function client(name: string, off: keyof typeof ALL_ON) {
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  const quiet = await createUser(site.backend, {
    metadata: {
      full_name: "Amina Wanjiru",
      onboarded: true,
      notifications: { ...ALL_ON, [off]: false },
    },
  });
  const keen = await createUser(site.backend, {
    metadata: { full_name: "Grace Otieno", onboarded: true },
  });
  await serviceClient(site.backend)
    .from("organisation_members")
    .insert([
      { organisation_id: place.id, user_id: quiet.id, role: "owner" },
      { organisation_id: place.id, user_id: keen.id, role: "member" },
    ]);
  return { place, quiet, keen };
}

async function deliver() {
  await outboxIdle();
  await processOutbox();
}

describe("a person who turned a kind of mail off", () => {
  it("gets no notice of the project's new messages; the others do", async () => {
    const { place, quiet, keen } = await client("Simba Tours", "messages");
    asResponse(await agencyWrites(place, site.admin, { message: "The designs are ready." }));
    await runNotices(site.backend, place.project);
    expect(await mailsTo(site.backend, keen.email)).toHaveLength(1);
    expect(await mailsTo(site.backend, quiet.email)).toEqual([]);
  });

  it("gets no reminder of a deliverable waiting for a decision; the others do", async () => {
    const { place, quiet, keen } = await client("Twiga Prints", "deliverables");
    await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
    const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
      ?.id as number;
    await uploadVersion(place, deliverable, site.admin, { file: pdf("logo.pdf") });
    const version = (await storedDeliverables(site.backend, place.project)).versions[0]
      ?.id as number;
    await agencyPost(place, site.admin, { intent: "ready", version: String(version) });
    const { data: job } = await serviceClient(site.backend)
      .from("jobs")
      .select("id, kind, payload, attempts, max_attempts")
      .eq("idempotency_key", `version:${version}`)
      .single();
    await deliverableReminderJob.run(job as ClaimedJob, new AbortController().signal);
    await deliver();
    expect(await mailsTo(site.backend, keen.email)).toHaveLength(1);
    expect(await mailsTo(site.backend, quiet.email)).toEqual([]);
  });

  it("gets no reminder of an invoice due, though still every other mail of the client", async () => {
    const { place, quiet, keen } = await client("Duka Bora", "invoices");
    const service = serviceClient(site.backend);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(
      new Date(),
    );
    const { data: invoice } = await service
      .from("invoices")
      .insert({ organisation_id: place.id, title: "Website", language: "en", due_date: today })
      .select("id")
      .single();
    await service
      .from("invoice_lines")
      .insert({ invoice_id: invoice?.id, description: "Design", unit_price_cents: 100_000 });
    const issued = await service.rpc("issue_invoice", { p_invoice: invoice?.id, p_today: today });
    expect(issued.error).toBeNull();
    await queueReminders(service, today);
    await deliver();
    const reminders = (email: string) =>
      mailsTo(site.backend, email).then((mails) =>
        mails.filter((mail) => mail.subject.includes(issued.data as string)),
      );
    expect(await reminders(keen.email)).toHaveLength(1);
    expect(await reminders(quiet.email)).toEqual([]);
    // Mails that are not optional (a sent quote, an issued invoice) still reach both.
    expect((await clientAddresses(service, place.id)).sort()).toEqual(
      [quiet.email, keen.email].map((e) => e.toLowerCase()).sort(),
    );
  });
});
