/**
 * The client's side of deliverables (issue 42 item 3): the client's people see the version
 * waiting for their decision (never a draft) with its file, approve it or request changes with
 * a reason (worded under the field when missing, nothing stored), and the history — who, when,
 * which version, why — is on both sides and in the audit log. The database refuses a decision
 * on anything but the latest version ready for review; another organisation's ids answer 404,
 * page and action.
 */
import { describe, expect, it } from "vitest";
import * as fileRoute from "~/routes/account/file";
import { asData, asResponse, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import {
  agencyPage,
  agencyPost,
  clientView,
  decide,
  type Place,
  pdf,
  readyVersion as readyAs,
  storedDeliverables,
  uploadVersion,
} from "../support/deliverables";
import { clientWithProject } from "../support/portal";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const file = routed(fileRoute);

interface Client extends Place {
  deliverable: number;
  owner: string;
  ownerUser: { email: string; password: string };
  member: string;
  memberId: string;
}

/** A client with an owner (Kiswahili) and a member, and a deliverable whose v1 is ready. */
async function clientWaiting(name: string): Promise<Client> {
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  const service = serviceClient(site.backend);
  const owner = await createUser(site.backend, {
    metadata: { full_name: "Amina Wanjiru", onboarded: true, locale: "sw" },
  });
  const member = await createUser(site.backend, {
    metadata: { full_name: "Jean Mugabo", onboarded: true, locale: "fr" },
  });
  await service.from("organisation_members").insert([
    { organisation_id: place.id, user_id: owner.id, role: "owner" },
    { organisation_id: place.id, user_id: member.id, role: "member" },
  ]);
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
  const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
    ?.id as number;
  await readyVersion(place, deliverable, "logo-v1.pdf");
  return {
    ...place,
    deliverable,
    owner: await signInCookie(owner.email),
    ownerUser: owner,
    member: await signInCookie(member.email),
    memberId: member.id,
  };
}

/** The agency uploads a version and marks it ready; its id. */
const readyVersion = (place: Place, deliverable: number, name: string) =>
  readyAs(site.backend, place, deliverable, site.admin, name);

type Seen = {
  deliverables: {
    title: string;
    waiting: { id: number; number: number; fileHref: string } | null;
    versions: { number: number; statusText: string }[];
    decisions: { text: string; reason: string; byline: string }[];
  }[];
};

describe("deliverables, for the client's people", () => {
  it("shows the version waiting for a decision with its file, in the person's language", async () => {
    const client = await clientWaiting("Duma Motors");
    const seen = (await clientView(client, client.owner, "/sw")) as Seen;
    const [logo] = seen.deliverables;
    expect(logo?.waiting).toMatchObject({ number: 1 });
    expect(logo?.versions).toEqual([expect.objectContaining({ statusText: "Tayari kukaguliwa" })]);
    // The link is the private files route, which hands the file to this person.
    const href = logo?.waiting?.fileHref as string;
    const [, , organisationId, ...rest] = href.split("/");
    const download = asResponse(
      await file.loader(
        argsWithParams(
          href,
          { organisationId, "*": rest.map(decodeURIComponent).join("/") } as never,
          {
            cookie: client.member,
          },
        ),
      ),
    );
    expect(download.status).toBe(200);
    expect(await download.text()).toContain("%PDF-1.4");
  });

  it("never shows a draft: a new version stays the agency's until it is marked ready", async () => {
    const client = await clientWaiting("Nyati Farms");
    await uploadVersion(client, client.deliverable, site.admin, { file: pdf("secret-draft.pdf") });
    const seen = (await clientView(client, client.owner)) as Seen;
    expect(seen.deliverables[0]?.versions.map((version) => version.number)).toEqual([1]);
    // The draft changes nothing for the client: v1 still waits for their decision, and can be made.
    expect(seen.deliverables[0]?.waiting).toMatchObject({ number: 1 });
    expect(JSON.stringify(seen)).not.toContain("secret-draft");
    // Nor through Storage with their own token: the draft's file is not theirs to read yet,
    // and the file a decision is made on is not theirs to remove.
    const { versions } = await storedDeliverables(site.backend, client.project);
    const [shownPath, draftPath] = versions.map((version) => version.file_path);
    const storage = (await signedInClient(site.backend, client.ownerUser)).storage.from(
      "client-files",
    );
    expect((await storage.download(draftPath as string)).error).not.toBeNull();
    expect(await (await storage.download(shownPath as string)).data?.text()).toContain("%PDF");
    await storage.remove([shownPath as string]);
    expect(await (await storage.download(shownPath as string)).data?.text()).toContain("%PDF");
    const v1 = seen.deliverables[0]?.waiting?.id as number;
    const approved = asResponse(
      await decide(client, client.owner, { version: v1, decision: "approved" }),
    );
    expect((await toastOf(approved))?.title).toBe("You approved version 1 of Logo");
  });

  it("asks for a reason to request changes, under the field, keeping what was chosen; nothing stored", async () => {
    const client = await clientWaiting("Tembo Bakery");
    const version = (await storedDeliverables(site.backend, client.project)).versions[0]
      ?.id as number;
    const missing = asData(
      await decide(client, client.owner, { version, decision: "changes_requested", reason: "  " }),
    );
    expect(missing.status).toBe(400);
    expect(missing.data.result?.error?.reason).toEqual([
      "Say what should change: the agency needs a reason to work from.",
    ]);
    expect(missing.data.result?.initialValue).toMatchObject({
      version: String(version),
      decision: "changes_requested",
    });
    const inSwahili = asData(
      await decide(client, client.owner, { version, decision: "changes_requested" }, "/sw"),
    );
    expect(inSwahili.data.result?.error?.reason).toEqual([
      "Sema nini kibadilike: wakala anahitaji sababu ya kufanyia kazi.",
    ]);
    const long = "r".repeat(2001);
    const tooLong = asData(
      await decide(client, client.owner, { version, decision: "changes_requested", reason: long }),
    );
    expect(tooLong.data.result?.error?.reason).toEqual([
      "Keep the reason to 2,000 characters or fewer.",
    ]);
    expect(tooLong.data.result?.initialValue).toMatchObject({ reason: long });
    const odd = asData(await decide(client, client.owner, { version, decision: "maybe" }));
    expect(odd.data.result?.error?.decision).toEqual(["Choose Approve or Request changes."]);
    expect((await storedDeliverables(site.backend, client.project)).decisions).toEqual([]);
  });

  it("records a round of changes, then the approval of the next version, with who, when and why", async () => {
    const client = await clientWaiting("Kanga Studio");
    const v1 = (await storedDeliverables(site.backend, client.project)).versions[0]?.id as number;
    const changes = asResponse(
      await decide(client, client.owner, {
        version: v1,
        decision: "changes_requested",
        reason: "Make the letters bigger.",
      }),
    );
    expect((await toastOf(changes))?.title).toBe("You requested changes to version 1 of Logo");
    // Decided: no second decision on v1, by anyone.
    const twice = asData(
      await decide(client, client.member, { version: v1, decision: "approved" }),
    );
    expect(twice.status).toBe(409);
    expect(twice.data.toast?.title).toBe("This version is no longer waiting for a decision.");

    const v2 = await readyVersion(client, client.deliverable, "logo-v2.pdf");
    const approved = asResponse(
      await decide(client, client.member, { version: v2, decision: "approved" }),
    );
    expect((await toastOf(approved))?.title).toBe("You approved version 2 of Logo");

    const { versions, decisions } = await storedDeliverables(site.backend, client.project);
    expect(versions.map((version) => version.status)).toEqual(["changes_requested", "approved"]);
    expect(decisions).toEqual([
      expect.objectContaining({
        version_id: v1,
        decision: "changes_requested",
        reason: "Make the letters bigger.",
        decider_name: "Amina Wanjiru",
      }),
      expect.objectContaining({
        version_id: v2,
        decision: "approved",
        reason: "",
        decided_by: client.memberId,
        decider_name: "Jean Mugabo",
      }),
    ]);
    // Both sides see the history, newest first.
    const agency = (await agencyPage(client, site.admin)) as Seen;
    const theirs = (await clientView(client, client.owner, "/fr")) as Seen;
    expect(agency.deliverables[0]?.decisions.map((d) => d.text)).toEqual([
      "Approved version 2",
      "Requested changes to version 1",
    ]);
    expect(agency.deliverables[0]?.decisions[1]?.reason).toBe("Make the letters bigger.");
    expect(agency.deliverables[0]?.decisions[0]?.byline).toMatch(
      /^Jean Mugabo \(.+@example\.com\), /,
    );
    expect(theirs.deliverables[0]?.decisions.map((d) => d.text)).toEqual([
      "A approuvé la version 2",
      "A demandé des modifications à la version 1",
    ]);
    // And in the audit log, as the agency's activity reads it.
    const { data: audit } = await serviceClient(site.backend)
      .from("audit_log")
      .select("action, target_id, summary")
      .eq("target_id", client.id)
      .like("action", "deliverable.%")
      .order("id");
    expect(audit).toEqual([
      { action: "deliverable.changes_requested", target_id: client.id, summary: "Logo v1" },
      { action: "deliverable.approved", target_id: client.id, summary: "Logo v2" },
    ]);
  });

  it("takes one decision when two people decide at once", async () => {
    const client = await clientWaiting("Simba Roasters");
    const version = (await storedDeliverables(site.backend, client.project)).versions[0]
      ?.id as number;
    const answers = await Promise.all([
      decide(client, client.owner, { version, decision: "approved" }),
      decide(client, client.member, { version, decision: "changes_requested", reason: "No." }),
    ]);
    const statuses = answers.map((answer) =>
      answer instanceof Response ? answer.status : asData(answer).status,
    );
    expect(statuses.sort()).toEqual([302, 409]);
    expect((await storedDeliverables(site.backend, client.project)).decisions).toHaveLength(1);
  });

  it("keeps a decision, with the decider's name and address, when their account is deleted", async () => {
    const client = await clientWaiting("Paka Designs");
    const version = (await storedDeliverables(site.backend, client.project)).versions[0]
      ?.id as number;
    await decide(client, client.member, { version, decision: "approved" });
    const deleted = await serviceClient(site.backend).auth.admin.deleteUser(client.memberId);
    expect(deleted.error).toBeNull();
    const { decisions } = await storedDeliverables(site.backend, client.project);
    expect(decisions).toEqual([
      expect.objectContaining({
        decision: "approved",
        decided_by: null,
        decider_name: "Jean Mugabo",
        decider_email: expect.stringMatching(/@example\.com$/),
      }),
    ]);
  });

  it("answers 404 to another organisation's people and ids, page and action; the agency does not decide", async () => {
    const mine = await clientWaiting("Mamba Paints");
    const theirs = await clientWaiting("Swala Travel");
    const theirVersion = (await storedDeliverables(site.backend, theirs.project)).versions[0]
      ?.id as number;
    const myVersion = (await storedDeliverables(site.backend, mine.project)).versions[0]
      ?.id as number;
    // Their page and their decision, as my owner.
    expect(asData(await clientView(theirs, mine.owner)).status).toBe(404);
    const onTheirs = asData(
      await decide(theirs, mine.owner, { version: theirVersion, decision: "approved" }),
    );
    expect(onTheirs.status).toBe(404);
    // Their version through my project.
    const crossed = asData(
      await decide(mine, mine.owner, { version: theirVersion, decision: "approved" }),
    );
    expect(crossed.status).toBe(404);
    // My project under their organisation's id.
    const mixed = asData(
      await decide({ id: theirs.id, project: mine.project }, mine.owner, {
        version: myVersion,
        decision: "approved",
      }),
    );
    expect(mixed.status).toBe(404);
    // The agency reads the client's page — an admin, or staff assigned to the client — but the
    // decision is the client's.
    const staff = await createUser(site.backend);
    const service = serviceClient(site.backend);
    await service.from("agency_roles").insert({ user_id: staff.id, role: "staff" });
    await service.from("staff_assignments").insert({ organisation_id: mine.id, user_id: staff.id });
    const staffCookie = await signInCookie(staff.email);
    const staffView = (await clientView(mine, staffCookie)) as Seen;
    expect(staffView.deliverables[0]?.waiting?.id).toBe(myVersion);
    for (const cookie of [site.admin, staffCookie]) {
      const agency = asData(
        await decide(mine, cookie, { version: myVersion, decision: "approved" }),
      );
      expect(agency.status).toBe(404);
    }
    const stored = [
      ...(await storedDeliverables(site.backend, mine.project)).decisions,
      ...(await storedDeliverables(site.backend, theirs.project)).decisions,
    ];
    expect(stored).toEqual([]);
  });
});
