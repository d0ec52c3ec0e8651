/**
 * Invitations into a client organisation (supabase/migrations/20261210000001_invitations.sql,
 * app/domain/access/invitations.server.ts, /invitations/<token>, /admin/clients/:id): the agency
 * or an owner invites by e-mail in the invitee's language, the link opens the invitation and
 * makes the person with the invited, confirmed address a member once; a used, expired,
 * withdrawn, replaced, forged or malformed link says so, and nothing changes.
 */
import { describe, expect, it } from "vitest";
import { outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientRoute from "~/routes/admin/client";
import * as clientsRoute from "~/routes/admin/clients";
import * as invitationRoute from "~/routes/invitation";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import { argsWithParams, formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const clients = routed(clientsRoute);
const client = routed(clientRoute);
const invitation = routed(invitationRoute);
const organisationPage = routed(organisationRoute);

const site = backendWithAdmin();

async function newClient(name: string): Promise<string> {
  const created = asResponse(
    await settle(() =>
      clients.action(
        routeArgs("/admin/clients", { ...formPost({ intent: "create", name }), cookie: site.admin })
          .args,
      ),
    ),
  );
  const id = created.headers.get("Location")?.split("/").pop() ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

function invite(organisation: string, fields: Record<string, string>, cookie = site.admin) {
  return settle(() =>
    client.action(
      argsWithParams(
        `/admin/clients/${organisation}`,
        { id: organisation },
        {
          ...formPost({ intent: "invite", role: "member", language: "en", ...fields }),
          cookie,
        },
      ),
    ),
  );
}

/** The link of the newest invitation mail to `email`, once the outbox has sent it. */
async function invitationMail(email: string) {
  // The action kicked the outbox: its run may hold the row; then whatever is still due.
  await outboxIdle();
  await processOutbox();
  const mail = (await site.backend.mailbox.list()).find((m) => m.to === email.toLowerCase());
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return { mail, path: new URL(mail.links[0] ?? "").pathname };
}

const tokenOf = (path: string) => path.split("/").pop() ?? "";

function openLink(path: string, cookie?: string) {
  return settle(() =>
    invitation.loader(argsWithParams(path, { token: tokenOf(path) }, { cookie })),
  );
}

function accept(path: string, cookie?: string) {
  return settle(() =>
    invitation.action(
      argsWithParams(path, { token: tokenOf(path) }, { ...formPost({ intent: "accept" }), cookie }),
    ),
  );
}

async function membersOf(organisation: string) {
  const { data } = await serviceClient(site.backend)
    .from("organisation_members")
    .select("user_id, role")
    .eq("organisation_id", organisation);
  return data ?? [];
}

describe("an invitation from the agency", () => {
  it("is mailed in the invitee's language and makes the invited account a member, once", async () => {
    const organisation = await newClient("Acme Kenya");
    const person = await createUser(site.backend);
    const invited = asResponse(
      await invite(organisation, { email: person.email, role: "owner", language: "sw" }),
    );
    expect(invited.status).toBe(302);
    expect((await toastOf(invited))?.title).toContain(person.email);

    const { mail, path } = await invitationMail(person.email);
    expect(mail.subject).toContain("Mwaliko wa kujiunga na Acme Kenya");
    expect(mail.text).toContain("siku 7");
    expect(path).toMatch(/^\/sw\/invitations\/\d+\.[A-Za-z0-9_-]{43}$/);

    // A visitor sees what the link is and is asked to sign in with the invited address.
    const seen = asData<{
      state: string;
      organisationName: string;
      email: string;
      loginHref: string;
    }>(await openLink(path));
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({
      state: "pending",
      organisationName: "Acme Kenya",
      email: person.email,
    });
    expect(seen.data.loginHref).toBe(
      `/sw/login?redirectTo=${encodeURIComponent(path)}&email=${encodeURIComponent(person.email)}`,
    );
    // A POST without a session goes to sign in first, and comes back.
    const anonymous = asResponse(await accept(path));
    expect(anonymous.headers.get("Location")).toBe(
      `/sw/login?redirectTo=${encodeURIComponent(path)}`,
    );
    expect(await membersOf(organisation)).toEqual([]);

    const cookie = await signInCookie(person.email);
    expect(asData<{ isInvitee: boolean }>(await openLink(path, cookie)).data.isInvitee).toBe(true);
    const accepted = asResponse(await accept(path, cookie));
    expect(accepted.headers.get("Location")).toBe("/sw/dashboard");
    expect((await toastOf(accepted))?.title).toBe("Sasa wewe ni mwanachama wa Acme Kenya.");
    expect(await membersOf(organisation)).toEqual([{ user_id: person.id, role: "owner" }]);

    // Once: the same link again is "used", and nothing changes.
    const again = asData(await accept(path, cookie));
    expect(again.status).toBe(410);
    expect(again.data.formError).toBe("Mwaliko huu umeshatumika.");
    expect(asData<{ state: string }>(await openLink(path)).data.state).toBe("used");
    expect(asData(await openLink(path)).status).toBe(410);
    expect(await membersOf(organisation)).toHaveLength(1);

    const { data: audit } = await serviceClient(site.backend)
      .from("audit_log")
      .select("action, actor_id")
      .eq("target_id", organisation)
      .order("id");
    expect(audit?.map((row) => row.action)).toEqual(["invitation.sent", "invitation.accepted"]);
    expect(audit?.[1]?.actor_id).toBe(person.id);
  });

  it("refuses another account, an expired link, a withdrawn or replaced one, and a forged one", async () => {
    const organisation = await newClient("Beta Ltd");
    const person = await createUser(site.backend);
    const stranger = await createUser(site.backend);
    await invite(organisation, { email: person.email });
    const { path } = await invitationMail(person.email);

    // Signed in as someone else: told whom it is for; accepting changes nothing.
    const strangerCookie = await signInCookie(stranger.email);
    const other = asData<{ isInvitee: boolean; signedInAs: string }>(
      await openLink(path, strangerCookie),
    );
    expect(other.data).toMatchObject({ isInvitee: false, signedInAs: stranger.email });
    expect(asData(await accept(path, strangerCookie)).status).toBe(409);
    expect(await membersOf(organisation)).toEqual([]);

    // Forged and malformed links: not genuine (404), answered without reading anything more.
    const [id] = tokenOf(path).split(".");
    const forged = [
      `/invitations/${id}.${"A".repeat(43)}`,
      `/invitations/${Number(id) + 1000}.${tokenOf(path).split(".")[1]}`,
      "/invitations/not-a-token",
      `/invitations/${"9".repeat(40)}.${"A".repeat(43)}`,
    ];
    for (const link of forged) {
      const started = performance.now();
      const answer = asData<{ state: string }>(await openLink(link));
      expect(answer.status, link).toBe(404);
      expect(answer.data.state).toBe("invalid");
      expect(asData(await accept(link, await signInCookie(person.email))).status).toBe(404);
      expect(performance.now() - started).toBeLessThan(2000);
    }

    // Expired: 7 days have passed.
    await serviceClient(site.backend)
      .from("organisation_invitations")
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq("id", Number(id));
    expect(asData<{ state: string }>(await openLink(path)).data.state).toBe("expired");
    const late = asData(await accept(path, await signInCookie(person.email)));
    expect(late.status).toBe(410);
    expect(late.data.formError).toBe("This invitation has expired. Ask for a new one.");

    // A new invitation replaces it (the old link is gone); a withdrawn one is gone too.
    await invite(organisation, { email: person.email });
    expect(asData<{ state: string }>(await openLink(path)).data.state).toBe("invalid");
    const { path: newer } = await invitationMail(person.email);
    const [newerId] = tokenOf(newer).split(".");
    const withdrawn = asResponse(
      await settle(() =>
        client.action(
          argsWithParams(
            `/admin/clients/${organisation}`,
            { id: organisation },
            { ...formPost({ intent: "withdraw", invitation: newerId ?? "" }), cookie: site.admin },
          ),
        ),
      ),
    );
    expect((await toastOf(withdrawn))?.title).toBe(
      "Invitation withdrawn: its link no longer works",
    );
    expect(asData<{ state: string }>(await openLink(newer)).data.state).toBe("invalid");
    expect(await membersOf(organisation)).toEqual([]);
  });

  it("answers the form's mistakes under the field, with what was typed", async () => {
    const organisation = await newClient("Gamma");
    const member = await createUser(site.backend);
    await invite(organisation, { email: member.email });
    const { path } = await invitationMail(member.email);
    await accept(path, await signInCookie(member.email));

    const already = asData(
      await invite(organisation, { email: member.email.toUpperCase(), role: "owner" }),
    );
    expect(already.status).toBe(409);
    expect(already.data.result?.error?.email).toEqual([
      "That person is already a member of this organisation.",
    ]);
    expect(already.data.result?.initialValue).toMatchObject({ role: "owner" });

    const invalid = asData(await invite(organisation, { email: "not an address", role: "boss" }));
    expect(invalid.status).toBe(400);
    expect(invalid.data.result?.error?.email).toEqual([
      "Enter an e-mail address like name@example.com.",
    ]);
    expect(invalid.data.result?.error?.role).toEqual(["Choose owner or member."]);

    // Three invitations a day to one address from one organisation (each replacing the one
    // before, or withdrawn); the fourth is refused.
    const address = `often-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i += 1)
      expect(asResponse(await invite(organisation, { email: address })).status).toBe(302);
    await serviceClient(site.backend)
      .from("organisation_invitations")
      .delete()
      .eq("email", address);
    const fourth = asData(await invite(organisation, { email: address }));
    expect(fourth.status).toBe(429);
    expect(fourth.data.result?.error?.email).toEqual([
      "This address has been invited 3 times today. Try again tomorrow.",
    ]);

    const unknown = asData(
      await settle(() =>
        client.loader(
          argsWithParams("/admin/clients/nope", { id: "nope" }, { cookie: site.admin }),
        ),
      ),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("who may invite (public.invite_to_organisation through the Data API)", () => {
  it("lets the organisation's owner and its assigned staff invite; refuses members, other staff and strangers", async () => {
    const organisation = await newClient("Delta");
    const owner = await createUser(site.backend);
    const member = await createUser(site.backend);
    const staff = await createUser(site.backend);
    const otherStaff = await createUser(site.backend);
    const stranger = await createUser(site.backend);
    const service = serviceClient(site.backend);
    await service.from("organisation_members").insert([
      { organisation_id: organisation, user_id: owner.id, role: "owner" },
      { organisation_id: organisation, user_id: member.id, role: "member" },
    ]);
    await service.from("agency_roles").insert([
      { user_id: staff.id, role: "staff" },
      { user_id: otherStaff.id, role: "staff" },
    ]);
    await service
      .from("staff_assignments")
      .insert({ organisation_id: organisation, user_id: staff.id });

    const tryInvite = async (who: { email: string; password: string }) => {
      const own = await signedInClient(site.backend, who);
      const { error } = await own.rpc("invite_to_organisation", {
        p_organisation: organisation,
        p_email: `colleague-${Math.random().toString(36).slice(2)}@example.com`,
        p_role: "member",
        p_language: "fr",
      });
      return error?.code ?? "ok";
    };
    expect(await tryInvite(owner)).toBe("ok");
    expect(await tryInvite(staff)).toBe("ok");
    expect(await tryInvite(member)).toBe("42501");
    expect(await tryInvite(otherStaff)).toBe("42501");
    expect(await tryInvite(stranger)).toBe("42501");

    // Accepting is the site's, after it checked the link: no signed-in caller may call it.
    const own = await signedInClient(site.backend, stranger);
    const { error } = await own.rpc("accept_invitation", { p_id: 1, p_user: stranger.id });
    expect(error?.code).toMatch(/^(42501|PGRST202)$/);
  });
});

describe("an owner's own organisation page (/organisations/:id)", () => {
  it("lets its owner invite a colleague; shows a member its people without the form; 404 for others", async () => {
    const organisation = await newClient("Epsilon");
    const owner = await createUser(site.backend);
    const member = await createUser(site.backend);
    const stranger = await createUser(site.backend);
    await serviceClient(site.backend)
      .from("organisation_members")
      .insert([
        { organisation_id: organisation, user_id: owner.id, role: "owner" },
        { organisation_id: organisation, user_id: member.id, role: "member" },
      ]);
    const path = `/sw/organisations/${organisation}`;
    const open = async (cookie: string) =>
      settle(() =>
        organisationPage.loader(argsWithParams(path, { organisationId: organisation }, { cookie })),
      );
    type Page = { canInvite: boolean; people: { email: string }[]; invitations: unknown[] | null };
    const asOwner = (await open(await signInCookie(owner.email))) as Page;
    expect(asOwner.canInvite).toBe(true);
    expect(asOwner.people.map((person) => person.email).sort()).toEqual(
      [owner.email, member.email].sort(),
    );
    const asMember = (await open(await signInCookie(member.email))) as Page;
    expect(asMember).toMatchObject({ canInvite: false, invitations: null });
    expect(asData(await open(await signInCookie(stranger.email))).status).toBe(404);

    const colleague = `colleague-${Date.now()}@example.com`;
    const post = async (cookie: string) =>
      settle(() =>
        organisationPage.action(
          argsWithParams(
            path,
            { organisationId: organisation },
            {
              ...formPost({ intent: "invite", email: colleague, role: "member", language: "sw" }),
              cookie,
            },
          ),
        ),
      );
    const invited = asResponse(await post(await signInCookie(owner.email)));
    expect(invited.headers.get("Location")).toBe(path);
    expect((await toastOf(invited))?.title).toBe(
      `Mwaliko wa ${colleague} umehifadhiwa; barua pepe yake iko kwenye foleni ya kutumwa`,
    );
    const { mail } = await invitationMail(colleague);
    expect(mail.subject).toContain("Mwaliko wa kujiunga na Epsilon");
    const refused = asData(await post(await signInCookie(member.email)));
    expect(refused.status).toBe(403);
  });
});
