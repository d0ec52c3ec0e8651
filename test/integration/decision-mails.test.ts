/**
 * The agency's mail about a client's decision (issue 42, "the agency gets the mails and sees the
 * decisions"): recording a decision queues a `deliverable.decided` job in the same transaction;
 * it mails the project's manager — else the staff assigned to the client, else the admins — in
 * their language, with the decision, the version, the reason of a request for changes, who
 * decided and a link to the agency's project page; never the client's people, never someone who
 * turned deliverable mails off.
 */
import { describe, expect, it } from "vitest";
import type { ClaimedJob } from "~/domain/jobs/store";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import { decisionMailJob } from "~/domain/portal/decision-mail-job.server";
import { asResponse } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import {
  agencyPost,
  decide,
  type Place,
  readyVersion,
  storedDeliverables,
} from "../support/deliverables";
import { mailsTo } from "../support/messages";
import { clientWithProject } from "../support/portal";

const site = backendWithAdmin();

async function staffMember(metadata: Record<string, unknown>) {
  const user = await createUser(site.backend, { metadata: { onboarded: true, ...metadata } });
  await serviceClient(site.backend)
    .from("agency_roles")
    .insert({ user_id: user.id, role: "staff" });
  return user;
}

/** A client with an owner (Kiswahili) and a member, a deliverable with a version to decide on. */
async function waiting(name: string, title: string) {
  const place: Place = await clientWithProject(site.backend, name, { title: "Website" });
  const service = serviceClient(site.backend);
  const people = [];
  for (const [role, locale] of [
    ["owner", "sw"],
    ["member", "en"],
  ] as const) {
    const user = await createUser(site.backend, {
      metadata: { full_name: `Client ${role}`, onboarded: true, locale },
    });
    await service
      .from("organisation_members")
      .insert({ organisation_id: place.id, user_id: user.id, role });
    people.push({ ...user, cookie: await signInCookie(user.email) });
  }
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: title });
  const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
    ?.id as number;
  const version = await readyVersion(site.backend, place, deliverable, site.admin, "logo.pdf");
  const [owner, member] = people as [(typeof people)[0], (typeof people)[0]];
  return { place, owner, member, version };
}

async function manage(place: Place, manager: { id: string }) {
  await serviceClient(site.backend)
    .from("projects")
    .update({ manager_id: manager.id })
    .eq("id", place.project);
}

/** Runs the decision's job as the runner would (it was queued with the decision), then the outbox. */
async function runDecisionJob(place: Place) {
  const { decisions } = await storedDeliverables(site.backend, place.project);
  const decision = decisions.at(-1)?.id as number;
  const { data: job } = await serviceClient(site.backend)
    .from("jobs")
    .select("id, kind, payload, attempts, max_attempts")
    .eq("idempotency_key", `decision:${decision}`)
    .single();
  expect(job?.kind).toBe("deliverable.decided");
  await decisionMailJob(() => serviceClient(site.backend)).run(
    job as ClaimedJob,
    new AbortController().signal,
  );
  await outboxIdle();
  await processOutbox();
}

const about = (title: string) => (mail: { subject: string }) => mail.subject.includes(title);

describe("the agency's mail about a decision", () => {
  it("goes to the project's manager, once, in their language, with who decided and a link", async () => {
    const t = await waiting("Simba Tours", "Safari logo");
    const manager = await staffMember({ full_name: "Jean Mugabo", locale: "fr" });
    const assigned = await staffMember({ full_name: "Brian Otieno" });
    await serviceClient(site.backend)
      .from("staff_assignments")
      .insert({ organisation_id: t.place.id, user_id: assigned.id });
    await manage(t.place, manager);
    asResponse(
      await decide(t.place, t.owner.cookie, { version: t.version, decision: "approved" }, "/sw"),
    );
    await runDecisionJob(t.place);
    await runDecisionJob(t.place);

    const mails = await mailsTo(site.backend, manager.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Simba Tours a approuvé Safari logo v1");
    expect(mails[0]?.text).toContain("Bonjour Jean Mugabo,");
    expect(mails[0]?.text).toContain("Client owner (Simba Tours) a approuvé la version 1");
    expect(mails[0]?.links[0]).toMatch(
      new RegExp(`/admin/clients/${t.place.id}/projects/${t.place.project}#deliverables$`),
    );
    // The manager runs it: the assigned staff, the admins and the client's people get nothing.
    expect(await mailsTo(site.backend, assigned.email)).toEqual([]);
    expect(
      (await mailsTo(site.backend, site.backend.admin.email)).filter(about("Safari logo")),
    ).toEqual([]);
    expect(await mailsTo(site.backend, t.owner.email)).toEqual([]);
    expect(await mailsTo(site.backend, t.member.email)).toEqual([]);
  });

  it("says the reason of a request for changes, and goes to the assigned staff without a manager", async () => {
    const t = await waiting("Chui Bakery", "Bread label");
    const assigned = await staffMember({ full_name: "Brian Otieno", locale: "sw" });
    await serviceClient(site.backend)
      .from("staff_assignments")
      .insert({ organisation_id: t.place.id, user_id: assigned.id });
    asResponse(
      await decide(t.place, t.member.cookie, {
        version: t.version,
        decision: "changes_requested",
        reason: "Bigger letters, please.",
      }),
    );
    await runDecisionJob(t.place);

    const [mail, ...more] = await mailsTo(site.backend, assigned.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Chui Bakery wameomba mabadiliko kwa Bread label v1");
    expect(mail?.text).toContain("Client member (Chui Bakery) ameomba mabadiliko kwa toleo 1");
    expect(mail?.text).toContain("Bigger letters, please.");
    expect(
      (await mailsTo(site.backend, site.backend.admin.email)).filter(about("Bread label")),
    ).toEqual([]);
    expect(await mailsTo(site.backend, t.owner.email)).toEqual([]);
    expect(await mailsTo(site.backend, t.member.email)).toEqual([]);
  });

  it("goes to the admins when nobody runs the project or is assigned to the client", async () => {
    const t = await waiting("Tembo Coffee", "Coffee menu");
    asResponse(
      await decide(t.place, t.owner.cookie, {
        version: t.version,
        decision: "changes_requested",
        reason: "Another green.",
      }),
    );
    await runDecisionJob(t.place);
    const mails = (await mailsTo(site.backend, site.backend.admin.email)).filter(
      about("Coffee menu"),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Tembo Coffee requested changes to Coffee menu v1",
    ]);
    expect(mails[0]?.text).toContain("Their reason:\nAnother green.");
  });

  it("is not sent to a manager who turned deliverable mails off", async () => {
    const t = await waiting("Kifaru Gym", "Gym poster");
    const manager = await staffMember({
      full_name: "Grace Otieno",
      notifications: { messages: true, deliverables: false, invoices: true },
    });
    await manage(t.place, manager);
    asResponse(await decide(t.place, t.owner.cookie, { version: t.version, decision: "approved" }));
    await runDecisionJob(t.place);
    expect(await mailsTo(site.backend, manager.email)).toEqual([]);
  });
});
