/**
 * The reminder of a version waiting for the client's decision (issue 42 item 3): marking a
 * version ready queues one `deliverable.reminder` job; when it runs and the version still has no
 * decision, each owner and member of the client gets one mail in their own language with a link
 * to the project's page — once, however often the job runs; nobody of another client, and
 * nobody at all once a decision was made.
 */
import { describe, expect, it } from "vitest";
import type { ClaimedJob } from "~/domain/jobs/store";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import { deliverableReminderJob } from "~/domain/portal/deliverable-reminder-job.server";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import {
  agencyPost,
  decide,
  type Place,
  pdf,
  storedDeliverables,
  uploadVersion,
} from "../support/deliverables";
import { clientWithProject } from "../support/portal";

const site = backendWithAdmin();

async function person(
  organisation: string,
  role: "owner" | "member",
  name: string,
  locale?: string,
) {
  const user = await createUser(site.backend, {
    metadata: { full_name: name, onboarded: true, ...(locale ? { locale } : {}) },
  });
  await serviceClient(site.backend)
    .from("organisation_members")
    .insert({ organisation_id: organisation, user_id: user.id, role });
  return user;
}

/** A client with three people and a version marked ready; the reminder job's row. */
async function waitingClient(name: string) {
  const place: Place = await clientWithProject(site.backend, name, { title: "Website" });
  const people = {
    owner: await person(place.id, "owner", "Amina Wanjiru", "sw"),
    member: await person(place.id, "member", "Jean Mugabo", "fr"),
    english: await person(place.id, "member", "Grace Otieno"),
  };
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
  const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
    ?.id as number;
  await uploadVersion(place, deliverable, site.admin, { file: pdf("logo.pdf") });
  const version = (await storedDeliverables(site.backend, place.project)).versions[0]?.id as number;
  await agencyPost(place, site.admin, { intent: "ready", version: String(version) });
  const { data: job } = await serviceClient(site.backend)
    .from("jobs")
    .select("id, kind, payload, attempts, max_attempts")
    .eq("idempotency_key", `version:${version}`)
    .single();
  return { place, people, version, deliverable, job: job as ClaimedJob };
}

async function runJob(job: ClaimedJob) {
  await deliverableReminderJob.run(job, new AbortController().signal);
  await outboxIdle();
  await processOutbox();
}

async function mailsTo(email: string) {
  return (await site.backend.mailbox.list()).filter((mail) => mail.to === email.toLowerCase());
}

describe("the reminder of a version waiting for a decision", () => {
  it("mails each of the client's people once, in their language, with the project's link", async () => {
    const { place, people, version, job } = await waitingClient("Twiga Prints");
    const stranger = await person(
      (await clientWithProject(site.backend, "Other client")).id,
      "owner",
      "Someone Else",
    );
    await runJob(job);
    await runJob(job);

    const [sw] = await mailsTo(people.owner.email);
    expect(await mailsTo(people.owner.email)).toHaveLength(1);
    expect(sw?.subject).toBe("Logo inasubiri uamuzi wako");
    expect(sw?.text).toContain("Habari Amina Wanjiru,");
    expect(sw?.text).toContain("Toleo 1 la “Logo” (Website, Twiga Prints)");
    expect(sw?.links[0]).toMatch(
      new RegExp(`/sw/organisations/${place.id}/projects/${place.project}$`),
    );
    const [fr] = await mailsTo(people.member.email);
    expect(await mailsTo(people.member.email)).toHaveLength(1);
    expect(fr?.subject).toBe("Logo attend votre décision");
    expect(fr?.links[0]).toMatch(new RegExp(`/fr/organisations/${place.id}/projects/`));
    const [en] = await mailsTo(people.english.email);
    expect(en?.subject).toBe("Logo is waiting for your decision");
    expect(en?.text).toContain("has been waiting for your decision for 3 working days");
    expect(en?.links[0]).toMatch(new RegExp(`[^/]/organisations/${place.id}/projects/`));
    expect(await mailsTo(stranger.email)).toEqual([]);
    // One reminder per person of the client, whatever the number of runs.
    const { count } = await serviceClient(site.backend)
      .from("deliverable_reminders")
      .select("id", { count: "exact", head: true })
      .eq("version_id", version);
    expect(count).toBe(3);
  });

  it("mails nobody once the version has a decision", async () => {
    const { place, people, version, job } = await waitingClient("Kiboko Press");
    const cookie = await signInCookie(people.member.email);
    await decide(place, cookie, { version, decision: "approved" });
    await runJob(job);
    for (const someone of Object.values(people)) expect(await mailsTo(someone.email)).toEqual([]);
  });

  it("mails nobody about a version a newer one has replaced for the client", async () => {
    const { place, people, deliverable, version, job } = await waitingClient("Nyati Print");
    const cookie = await signInCookie(people.owner.email);
    await decide(place, cookie, {
      version,
      decision: "changes_requested",
      reason: "Bigger letters.",
    });
    await uploadVersion(place, deliverable, site.admin, { file: pdf("logo-2.pdf") });
    const newer = (await storedDeliverables(site.backend, place.project)).versions[1]?.id;
    await agencyPost(place, site.admin, { intent: "ready", version: String(newer) });
    await runJob(job);
    for (const someone of Object.values(people)) expect(await mailsTo(someone.email)).toEqual([]);
  });
});
