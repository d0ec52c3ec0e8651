/**
 * Removing a person from a client organisation (app/web/invitation-form.server.ts, intent
 * `remove`; supabase/migrations/20261212000001_member_removal.sql): its owners on
 * /organisations/:id and the agency on /admin/clients/:id confirm on a step of its own (a link,
 * no JS needed), the person loses access, the audit log records who removed whom; members and
 * strangers cannot, and the last owner stays.
 */
import { describe, expect, it } from "vitest";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientRoute from "~/routes/admin/client";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const organisationPage = routed(organisationRoute);
const clientPage = routed(clientRoute);
const site = backendWithAdmin();

type Role = "owner" | "member";

/** A client organisation with a new account in each of `roles`; their ids and addresses. */
async function organisationWith(name: string, roles: Role[]) {
  const service = serviceClient(site.backend);
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  const id = data?.id as string;
  const people = await Promise.all(roles.map(() => createUser(site.backend)));
  const rows = people.map((person, index) => ({
    organisation_id: id,
    user_id: person.id,
    role: roles[index],
  }));
  const { error } = await service.from("organisation_members").insert(rows);
  if (error) throw error;
  return { id, people };
}

/** The two people of an organisation made with two roles. */
function both<T>(people: T[]): [T, T] {
  const [first, second] = people;
  if (!first || !second) throw new Error("expected two people");
  return [first, second];
}

async function membersOf(organisation: string) {
  const { data } = await serviceClient(site.backend)
    .from("organisation_members")
    .select("user_id")
    .eq("organisation_id", organisation);
  return (data ?? []).map((row) => row.user_id).sort();
}

const ownPage = (organisation: string, locale = "fr") =>
  `${locale === "en" ? "" : `/${locale}`}/organisations/${organisation}`;

function openOwnPage(organisation: string, cookie: string, query = "") {
  return settle(() =>
    organisationPage.loader(
      argsWithParams(
        `${ownPage(organisation)}${query}`,
        { organisationId: organisation },
        { cookie },
      ),
    ),
  );
}

function removeOnOwnPage(organisation: string, person: string, cookie: string) {
  return settle(() =>
    organisationPage.action(
      argsWithParams(
        ownPage(organisation),
        { organisationId: organisation },
        { ...formPost({ intent: "remove", person }), cookie },
      ),
    ),
  );
}

type Page = {
  canRemove: boolean;
  me: string;
  removal: { user_id: string; email: string } | null;
};

describe("an owner removing a colleague (/organisations/:id)", () => {
  it("confirms first, removes them, and records who removed whom", async () => {
    const { id, people } = await organisationWith("Zeta Traders", ["owner", "member"]);
    const [owner, member] = both(people);
    const cookie = await signInCookie(owner.email);

    const plain = (await openOwnPage(id, cookie)) as Page;
    expect(plain).toMatchObject({ canRemove: true, me: owner.id, removal: null });
    const confirming = (await openOwnPage(id, cookie, `?remove=${member.id}`)) as Page;
    expect(confirming.removal).toEqual({ user_id: member.id, email: member.email });

    const removed = asResponse(await removeOnOwnPage(id, member.id, cookie));
    expect(removed.headers.get("Location")).toBe(ownPage(id));
    expect((await toastOf(removed))?.title).toBe(
      `${member.email} retiré\u00a0: cette personne ne voit plus ce client`,
    );
    expect(await membersOf(id)).toEqual([owner.id]);
    // The removed person no longer sees the organisation at all.
    expect(asData(await openOwnPage(id, await signInCookie(member.email))).status).toBe(404);

    const { data: audit } = await serviceClient(site.backend)
      .from("audit_log")
      .select("action, actor_id, summary")
      .eq("target_id", id);
    expect(audit).toEqual([
      { action: "member.removed", actor_id: owner.id, summary: member.email },
    ]);
  });

  it("keeps the last owner, and lets one of two owners remove the other", async () => {
    const alone = await organisationWith("Eta Foods", ["owner"]);
    const only = alone.people[0] as { id: string; email: string };
    // The agency's admin tries on /admin/clients/:id: refused, in the admin's words.
    const refused = asData(
      await settle(() =>
        clientPage.action(
          argsWithParams(
            `/admin/clients/${alone.id}`,
            { id: alone.id },
            { ...formPost({ intent: "remove", person: only.id }), cookie: site.admin },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.toast?.title).toBe(
      "The last owner cannot be removed: make someone else an owner first.",
    );
    expect(await membersOf(alone.id)).toEqual([only.id]);

    const pair = await organisationWith("Theta Bank", ["owner", "owner"]);
    const [first, second] = both(pair.people);
    const removed = asResponse(
      await removeOnOwnPage(pair.id, second.id, await signInCookie(first.email)),
    );
    expect(removed.status).toBe(302);
    expect(await membersOf(pair.id)).toEqual([first.id]);
  });

  it("offers members no way to remove anyone, refuses their POST, and answers 404 for strangers", async () => {
    const { id, people } = await organisationWith("Iota Shop", ["owner", "member"]);
    const [owner, member] = both(people);
    const memberCookie = await signInCookie(member.email);
    const asMember = (await openOwnPage(id, memberCookie, `?remove=${owner.id}`)) as Page;
    expect(asMember).toMatchObject({ canRemove: false, removal: null });
    const refused = asData(await removeOnOwnPage(id, owner.id, memberCookie));
    expect(refused.status).toBe(404);
    expect(refused.data.toast?.title).toBe("Cette personne ne fait pas partie de ce client.");

    const stranger = await createUser(site.backend);
    const outside = asData(
      await removeOnOwnPage(id, member.id, await signInCookie(stranger.email)),
    );
    expect(outside.status).toBe(404);
    // An id that is nobody here, and one that is no id at all.
    const ownerCookie = await signInCookie(owner.email);
    expect(asData(await removeOnOwnPage(id, stranger.id, ownerCookie)).status).toBe(404);
    expect(asData(await removeOnOwnPage(id, "not-an-id", ownerCookie)).status).toBe(404);
    expect(await membersOf(id)).toEqual([owner.id, member.id].sort());
  });
});
