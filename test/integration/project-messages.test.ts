/**
 * A project's thread (issue 42 item 5), through the project pages of both sides: the client's
 * owners and members and the agency write in it (who, which side and when are the database's),
 * a message is plain text of 1..5 000 characters worded under its field when refused (what was
 * typed kept), an attachment is one of the project's files, links in the text are only http(s)
 * ones; another organisation's ids answer 404, page and action; opening the page marks the
 * thread read (not a 404's), and the project lists count what is unread in one request.
 */
import { describe, expect, it } from "vitest";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientsRoute from "~/routes/admin/clients";
import { asData, asResponse, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import { agencyPost, pdf, storedDeliverables, uploadVersion } from "../support/deliverables";
import {
  agencyThread,
  agencyWrites,
  clientThread,
  clientWrites,
  storedMessages,
  type ThreadSeen,
} from "../support/messages";
import { clientWithProject } from "../support/portal";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const organisationPage = routed(organisationRoute);
const clientsPage = routed(clientsRoute);

/** A client with a project, an owner (Kiswahili) and a member, signed in. */
async function client(name: string) {
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  const owner = await createUser(site.backend, {
    metadata: { full_name: "Amina Wanjiru", onboarded: true, locale: "sw" },
  });
  const member = await createUser(site.backend, {
    metadata: { full_name: "Jean Mugabo", onboarded: true, locale: "fr" },
  });
  await serviceClient(site.backend)
    .from("organisation_members")
    .insert([
      { organisation_id: place.id, user_id: owner.id, role: "owner" },
      { organisation_id: place.id, user_id: member.id, role: "member" },
    ]);
  return {
    ...place,
    ownerUser: owner,
    memberUser: member,
    owner: await signInCookie(owner.email),
    member: await signInCookie(member.email),
  };
}

const seen = (value: unknown) => value as ThreadSeen;

describe("a project's thread", () => {
  it("takes the client's and the agency's messages, oldest first, with who, which side and when", async () => {
    const place = await client("Simba Tours");
    const sent = asResponse(
      await clientWrites(place, place.owner, { message: "Tunahitaji nembo mpya." }, "/sw"),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(
      `/sw/organisations/${place.id}/projects/${place.project}#messages`,
    );
    expect((await toastOf(sent))?.title).toBe("Ujumbe umetumwa");
    const answered = asResponse(await agencyWrites(place, site.admin, { message: "Karibu!" }));
    expect(answered.headers.get("Location")).toBe(
      `/admin/clients/${place.id}/projects/${place.project}#messages`,
    );
    asResponse(await clientWrites(place, place.member, { message: "Merci." }, "/fr"));

    const thread = seen(await clientThread(place, place.member, "/fr")).thread;
    expect(thread.messages.map((m) => [m.author, m.side, m.sideText, m.body])).toEqual(
      [
        ["Amina Wanjiru", "client", "client", "Tunahitaji nembo mpya."],
        ["Admin", "agency", "agence", "Karibu!"],
        ["Jean Mugabo", "client", "client", "Merci."],
      ].map(([author, ...rest]) => [author === "Admin" ? expect.any(String) : author, ...rest]),
    );
    // Times on the agency's clock (AGENCY_TIME_ZONE), as the site shows them.
    expect(thread.messages[0]?.atText).toMatch(/\d{1,2}:\d{2}/);
    const agency = seen(await agencyThread(place, site.admin)).thread;
    expect(agency.messages).toHaveLength(3);
  });

  it("words an empty or too long message under its field, with the text kept, and stores nothing", async () => {
    const place = await client("Chui Bakery");
    const empty = asData(await clientWrites(place, place.owner, { message: "   " }, "/sw"));
    expect(empty.status).toBe(400);
    expect(empty.data.result?.error?.message).toEqual(["Andika ujumbe wako"]);
    const long = "a".repeat(5001);
    const tooLong = asData(await agencyWrites(place, site.admin, { message: long }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.result?.error?.message?.[0]).toContain("at most 5,000 characters");
    expect(tooLong.data.result?.initialValue?.message).toBe(long);
    // 5 000 characters is still a message.
    asResponse(await agencyWrites(place, site.admin, { message: "b".repeat(5000) }));
    expect((await storedMessages(site.backend, place.project)).map((m) => m.body.length)).toEqual([
      5000,
    ]);
  });

  it("attaches one of the project's files, and refuses any other under its field", async () => {
    const place = await client("Tembo Coffee");
    const other = await clientWithProject(site.backend, "Someone else");
    await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
    const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
      ?.id as number;
    await uploadVersion(place, deliverable, site.admin, { file: pdf("logo-v1.pdf") });
    const [version] = (await storedDeliverables(site.backend, place.project)).versions;
    const path = version?.file_path as string;
    // The agency may attach its draft; the client does not even see it among the choices.
    expect(seen(await agencyThread(place, site.admin)).thread.attachments).toEqual([
      { path, name: "Logo v1 — logo-v1.pdf" },
    ]);
    expect(seen(await clientThread(place, place.owner)).thread.attachments).toEqual([]);
    const refused = asData(
      await clientWrites(place, place.owner, { message: "See this", attachment: path }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.attachment).toEqual([
      "Choose one of this project’s files, or no file",
    ]);
    expect(refused.data.result?.initialValue?.message).toBe("See this");
    for (const attachment of [`${other.id}/brief.pdf`, `${place.id}/missing.pdf`, "../etc"]) {
      const answer = asData(await agencyWrites(place, site.admin, { message: "Here", attachment }));
      expect(answer.data.result?.error?.attachment, attachment).toHaveLength(1);
    }
    asResponse(await agencyWrites(place, site.admin, { message: "The logo", attachment: path }));
    const thread = seen(await agencyThread(place, site.admin)).thread as unknown as {
      messages: { attachment: { href: string; name: string } }[];
    };
    expect(thread.messages[0]?.attachment).toEqual({
      href: `/files/${place.id}/deliverables/${encodeURIComponent(path.split("/").slice(2).join("/"))}`.replace(
        /%2F/g,
        "/",
      ),
      name: "logo-v1.pdf",
    });
  });

  it("answers 404 for another organisation's project, page and action, and to people outside it", async () => {
    const mine = await client("Kifaru Builders");
    const theirs = await client("Ndovu Logistics");
    const outsider = await signInCookie((await createUser(site.backend)).email);
    for (const [place, cookie] of [
      [{ id: mine.id, project: theirs.project }, mine.owner],
      [theirs, mine.owner],
      [mine, outsider],
    ] as const) {
      expect(asData(await clientThread(place, cookie)).status).toBe(404);
      expect(asData(await clientWrites(place, cookie, { message: "Hello?" })).status).toBe(404);
    }
    expect(
      asData(
        await agencyWrites({ id: mine.id, project: theirs.project }, site.admin, { message: "x" }),
      ).status,
    ).toBe(404);
    expect(await storedMessages(site.backend, mine.project)).toEqual([]);
    expect(await storedMessages(site.backend, theirs.project)).toEqual([]);
  });

  it("lets assigned staff write, not staff of other clients; the client edits or removes no message, and forges no side", async () => {
    const place = await client("Duma Motors");
    const service = serviceClient(site.backend);
    const staff = await createUser(site.backend, { metadata: { full_name: "Brian Otieno" } });
    const stranger = await createUser(site.backend);
    await service.from("agency_roles").insert([
      { user_id: staff.id, role: "staff" },
      { user_id: stranger.id, role: "staff" },
    ]);
    await service
      .from("staff_assignments")
      .insert({ organisation_id: place.id, user_id: staff.id });
    asResponse(
      await clientWrites(place, await signInCookie(staff.email), { message: "From the studio" }),
    );
    const strangerAnswer = asData(
      await clientWrites(place, await signInCookie(stranger.email), { message: "Hi" }),
    );
    expect(strangerAnswer.status).toBe(404);
    const [message] = await storedMessages(site.backend, place.project);
    expect(message).toMatchObject({ author_name: "Brian Otieno", author_side: "agency" });
    // Forged author or side: the database sets them.
    const owner = await signedInClient(site.backend, place.ownerUser);
    const forged = await owner
      .from("project_messages")
      .insert({ project_id: place.project, body: "x", author_side: "agency" } as never);
    expect(forged.error?.code).toBe("42501");
    const edited = await owner
      .from("project_messages")
      .update({ body: "changed" } as never)
      .eq("id", message?.id as number);
    expect(edited.error?.code).toBe("42501");
    const removed = await owner
      .from("project_messages")
      .delete()
      .eq("id", message?.id as number)
      .select("id");
    expect(removed.data).toEqual([]);
    expect(await storedMessages(site.backend, place.project)).toHaveLength(1);
  });

  it("makes only http(s) addresses links, and never reads the text as markup", async () => {
    const place = await client("Kongoni Media");
    const text = "See https://example.com/a?b=1. Not javascript:alert(1) <b>bold</b>";
    asResponse(await clientWrites(place, place.owner, { message: text }));
    const [message] = seen(await clientThread(place, place.owner)).thread.messages;
    expect(message?.body).toBe(text);
  });
});

describe("unread messages", () => {
  it("are counted per project on the organisation's page, and go to zero once the thread is opened", async () => {
    const place = await client("Twiga Prints");
    const second = await serviceClient(site.backend)
      .from("projects")
      .insert({ organisation_id: place.id, title: "Brochure" })
      .select("id")
      .single();
    asResponse(await agencyWrites(place, site.admin, { message: "One" }));
    asResponse(await agencyWrites(place, site.admin, { message: "Two" }));
    asResponse(
      await agencyWrites({ id: place.id, project: second.data?.id as number }, site.admin, {
        message: "Three",
      }),
    );
    // The owner's own message is never unread for them.
    asResponse(await clientWrites(place, place.owner, { message: "Mine" }));
    const listed = async (cookie: string, lang = "") => {
      const page = (await organisationPage.loader(
        argsWithParams(
          `${lang}/organisations/${place.id}`,
          { organisationId: place.id },
          { cookie },
        ),
      )) as { projects: { title: string; unreadText: string | null }[] };
      return Object.fromEntries(page.projects.map((p) => [p.title, p.unreadText]));
    };
    expect(await listed(place.owner, "/sw")).toEqual({
      Website: "jumbe 2 hazijasomwa",
      Brochure: "ujumbe 1 haujasomwa",
    });
    expect(await listed(place.member)).toEqual({
      Website: "3 unread messages",
      Brochure: "1 unread message",
    });
    // The project under another organisation's id: a 404 that marks nothing read (the page's
    // reads start before the project is found; the thread is marked only once it is).
    const elsewhere = { id: crypto.randomUUID(), project: place.project };
    expect(asData(await clientThread(elsewhere, place.owner)).status).toBe(404);
    expect(await listed(place.owner, "/sw")).toEqual({
      Website: "jumbe 2 hazijasomwa",
      Brochure: "ujumbe 1 haujasomwa",
    });
    await clientThread(place, place.owner);
    expect(await listed(place.owner, "/sw")).toEqual({
      Website: null,
      Brochure: "ujumbe 1 haujasomwa",
    });
    // The agency's list of clients: the owner's message, unread by the admin, beside the client.
    const clients = async () => {
      const page = (await clientsPage.loader(
        argsWithParams("/admin/clients", {}, { cookie: site.admin }),
      )) as { clients: { id: string; unreadText: string | null }[] };
      return page.clients.find((row) => row.id === place.id)?.unreadText;
    };
    expect(await clients()).toBe("1 unread message");
    await agencyThread(place, site.admin);
    expect(await clients()).toBeNull();
  });
});

describe("a flood of messages", () => {
  it("is refused past 60 an hour per person, worded under the field with the text kept", async () => {
    const place = await client("Nyumbu Events");
    // 60 messages of the owner's in the last hour (written as the service role, in one request).
    const rows = Array.from({ length: 60 }, (_, n) => ({
      project_id: place.project,
      body: `Message ${n}`,
      author_id: place.ownerUser.id,
    }));
    await serviceClient(site.backend)
      .from("project_messages")
      .insert(rows as never);
    const answer = asData(await clientWrites(place, place.owner, { message: "Moja zaidi" }, "/sw"));
    expect(answer.status).toBe(429);
    expect(answer.data.result?.error?.message?.[0]).toMatch(/^Umetuma jumbe 60/);
    expect(answer.data.result?.initialValue?.message).toBe("Moja zaidi");
    expect(await storedMessages(site.backend, place.project)).toHaveLength(60);
    // Another person of the client is not held back by it.
    asResponse(await clientWrites(place, place.member, { message: "Encore un" }, "/fr"));
  });
});
