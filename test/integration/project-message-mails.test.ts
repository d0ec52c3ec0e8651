/**
 * The other side's notice of new messages (issue 42 item 5): each message owes a mail to the
 * people of the other side — the client's owners and members for the agency's, the assigned
 * staff and the admins for the client's — never to its author; at most one mail per thread per
 * 10 minutes per person: what arrives meanwhile goes in the next mail, which the job sends once
 * the 10 minutes are over. Each mail is in its recipient's language with a link to the thread.
 */
import { describe, expect, it } from "vitest";
import { asResponse } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import { agencyWrites, clientThread, clientWrites, mailsTo, runNotices } from "../support/messages";
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
  return { ...user, cookie: await signInCookie(user.email) };
}

/** A client with an owner (Kiswahili), a member (French) and an English member; assigned staff. */
async function thread(name: string, title: string) {
  const place = await clientWithProject(site.backend, name, { title });
  const service = serviceClient(site.backend);
  const staff = await createUser(site.backend, { metadata: { full_name: "Brian Otieno" } });
  await service.from("agency_roles").insert({ user_id: staff.id, role: "staff" });
  await service.from("staff_assignments").insert({ organisation_id: place.id, user_id: staff.id });
  return {
    place,
    staff,
    owner: await person(place.id, "owner", "Amina Wanjiru", "sw"),
    member: await person(place.id, "member", "Jean Mugabo", "fr"),
    english: await person(place.id, "member", "Grace Otieno"),
  };
}

/** Moves the last mail of the thread to each person `minutes` into the past. */
async function later(project: number, minutes: number) {
  const { data } = await serviceClient(site.backend)
    .from("project_message_notices")
    .select("user_id, last_mailed_at")
    .eq("project_id", project);
  for (const row of data ?? []) {
    if (!row.last_mailed_at) continue;
    await serviceClient(site.backend)
      .from("project_message_notices")
      .update({
        last_mailed_at: new Date(Date.parse(row.last_mailed_at) - minutes * 60_000).toISOString(),
      })
      .eq("project_id", project)
      .eq("user_id", row.user_id);
  }
}

const about = (title: string) => (mail: { subject: string }) => mail.subject.includes(title);

describe("the thread's notices", () => {
  it("mail the client's people in their language, never the author, with a link to the thread", async () => {
    const t = await thread("Simba Tours", "Safari site");
    asResponse(await agencyWrites(t.place, site.admin, { message: "The designs are ready." }));
    await runNotices(site.backend, t.place.project);

    const [sw] = await mailsTo(site.backend, t.owner.email);
    expect(sw?.subject).toBe("Ujumbe mpya kuhusu Safari site");
    expect(sw?.text).toContain("Habari Amina Wanjiru,");
    expect(sw?.text).toContain("The designs are ready.");
    expect(sw?.links[0]).toMatch(
      new RegExp(`/sw/organisations/${t.place.id}/projects/${t.place.project}#messages$`),
    );
    const [fr] = await mailsTo(site.backend, t.member.email);
    expect(fr?.subject).toBe("Nouveau message sur Safari site");
    expect(fr?.links[0]).toMatch(new RegExp(`/fr/organisations/${t.place.id}/`));
    const [en] = await mailsTo(site.backend, t.english.email);
    expect(en?.subject).toBe("New message about Safari site");
    // The author (the admin) and the agency's staff get nothing about the agency's own message.
    expect(
      (await mailsTo(site.backend, site.backend.admin.email)).filter(about("Safari site")),
    ).toEqual([]);
    expect(await mailsTo(site.backend, t.staff.email)).toEqual([]);
  });

  it("gather what arrives within 10 minutes into one mail, and mail again after them", async () => {
    const t = await thread("Chui Bakery", "Bread shop");
    asResponse(
      await clientWrites(t.place, t.owner.cookie, { message: "Tunahitaji nembo." }, "/sw"),
    );
    await runNotices(site.backend, t.place.project);
    asResponse(
      await clientWrites(t.place, t.member.cookie, { message: "Et des couleurs." }, "/fr"),
    );
    asResponse(await clientWrites(t.place, t.owner.cookie, { message: "Na picha." }, "/sw"));
    // Within the 10 minutes: nothing more now; the job says when to look again.
    const outcome = await runNotices(site.backend, t.place.project);
    expect(outcome).toEqual({ again: expect.any(Date) });
    const wait = ((outcome as { again: Date }).again.getTime() - Date.now()) / 60_000;
    expect(wait).toBeGreaterThan(9);
    expect(wait).toBeLessThanOrEqual(10);
    const staffMails = () => mailsTo(site.backend, t.staff.email);
    expect(await staffMails()).toHaveLength(1);
    expect((await staffMails())[0]?.text).toContain("Tunahitaji nembo.");
    expect((await staffMails())[0]?.links[0]).toMatch(
      new RegExp(`/admin/clients/${t.place.id}/projects/${t.place.project}#messages$`),
    );

    await later(t.place.project, 10);
    await runNotices(site.backend, t.place.project);
    const mails = await staffMails();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "2 new messages about Bread shop",
      "New message about Bread shop",
    ]);
    const second = mails.find((mail) => mail.subject.startsWith("2 new"));
    expect(second?.text).toContain("Jean Mugabo (client)");
    expect(second?.text).toContain("Et des couleurs.");
    expect(second?.text).toContain("Na picha.");
    expect(second?.text).not.toContain("Tunahitaji nembo.");
    // The admins get the same, once each; the authors' side nothing about their own messages.
    expect(
      (await mailsTo(site.backend, site.backend.admin.email)).filter(about("Bread shop")),
    ).toHaveLength(2);
    expect(await mailsTo(site.backend, t.owner.email)).toEqual([]);
    expect(await mailsTo(site.backend, t.member.email)).toEqual([]);
    // Nothing owed: running again mails nobody.
    expect(await runNotices(site.backend, t.place.project)).toBeUndefined();
    expect(await staffMails()).toHaveLength(2);
  });

  it("leave out what the person has read on the page before the mail went", async () => {
    const t = await thread("Tembo Coffee", "Coffee site");
    asResponse(await agencyWrites(t.place, site.admin, { message: "Hello" }));
    // The owner opens the thread before the job runs: nothing left to tell them.
    await clientThread(t.place, t.owner.cookie);
    await runNotices(site.backend, t.place.project);
    expect(await mailsTo(site.backend, t.owner.email)).toEqual([]);
    expect(await mailsTo(site.backend, t.english.email)).toHaveLength(1);
  });
});
