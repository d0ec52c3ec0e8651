/**
 * The portal's smaller parts of issue 42: an admin views a client's portal exactly as its
 * members see it (item 6) — the database answers as for a member, so the internal note and the
 * draft version are not there, every form is refused (403, nothing changed), every view is in
 * the audit log, another client's ids answer 404; the dashboard says how many messages wait
 * unread per organisation; a person in several organisations switches between them; the
 * client's project page shows who runs the project (name, phone and WhatsApp links).
 */
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/account/dashboard";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientProjectRoute from "~/routes/account/project";
import * as projectViewRoute from "~/routes/admin/client-project-view";
import * as clientViewRoute from "~/routes/admin/client-view";
import { asResponse, settle } from "../support/answers";
import {
  adminUserId,
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import {
  agencyPage,
  agencyPost,
  clientView as memberProjectPage,
  type Place,
  pdf,
  readyVersion,
  storedDeliverables,
  uploadVersion,
} from "../support/deliverables";
import { clientWithProject } from "../support/portal";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const organisationView = routed(clientViewRoute);
const projectView = routed(projectViewRoute);
const dashboard = routed(dashboardRoute);
const organisationPage = routed(organisationRoute);
const clientProject = routed(clientProjectRoute);

const NOTE = "Internal: they pay late, ask for a deposit";
const DRAFT_NOTE = "Draft with the darker green";

interface Client extends Place {
  member: { id: string; email: string; password: string };
  memberCookie: string;
  deliverable: number;
}

/** A client with a member, a deliverable (v1 shown to the client, v2 a draft), a note, an update. */
async function savanna(name = "Savanna Coffee"): Promise<Client> {
  const place = await clientWithProject(site.backend, name, { title: "Website" });
  const member = await createUser(site.backend);
  await serviceClient(site.backend)
    .from("organisation_members")
    .insert({ organisation_id: place.id, user_id: member.id, role: "member" });
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
  const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
    ?.id as number;
  await readyVersion(site.backend, place, deliverable, site.admin, "logo-v1.pdf");
  await uploadVersion(place, deliverable, site.admin, {
    note: DRAFT_NOTE,
    file: pdf("logo-v2-draft.pdf"),
  });
  await agencyPost(place, site.admin, { intent: "note", body: NOTE });
  await agencyPost(place, site.admin, { intent: "update", body: "The concepts come on Friday" });
  return { ...place, member, memberCookie: await signInCookie(member.email), deliverable };
}

const viewPath = (id: string) => `/admin/clients/${id}/view`;
const projectViewPath = (id: string, project: number | string) =>
  `/admin/clients/${id}/view/projects/${project}`;

function openOrganisation(id: string, cookie = site.admin) {
  return settle(() => organisationView.loader(argsWithParams(viewPath(id), { id }, { cookie })));
}

function openProject(id: string, project: number | string, cookie = site.admin) {
  const params = { id, projectId: String(project) };
  return settle(() =>
    projectView.loader(argsWithParams(projectViewPath(id, project), params, { cookie })),
  );
}

async function views(id: string) {
  const { data } = await serviceClient(site.backend)
    .from("audit_log")
    .select("action, target_type, target_id, summary, actor_email")
    .eq("action", "client.viewed")
    .eq("target_id", id)
    .order("id");
  return data ?? [];
}

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : (answer as { init?: { status?: number } }).init?.status;

describe("an admin's view of a client's portal", () => {
  it("shows what a member sees — never the internal note nor the draft — and audits each view", async () => {
    const client = await savanna();
    // The agency's own page has both (so their absence below is the view's doing).
    const agency = JSON.stringify(await agencyPage(client, site.admin));
    expect(agency).toContain(NOTE);
    expect(agency).toContain("logo-v2-draft.pdf");

    const view = (await openProject(client.id, client.project)) as Record<string, unknown>;
    const text = JSON.stringify(view);
    expect(text).not.toContain(NOTE);
    expect(text).not.toContain("logo-v2-draft.pdf");
    expect(text).not.toContain(DRAFT_NOTE);
    expect(text).toContain("logo-v1.pdf");
    expect(text).toContain("The concepts come on Friday");

    // Exactly the member's own page: the same project, deliverables, updates and milestones.
    const member = (await memberProjectPage(client, client.memberCookie)) as Record<
      string,
      unknown
    >;
    for (const part of ["project", "deliverables", "updates", "milestones", "manager"]) {
      expect(view[part], part).toEqual(member[part]);
    }
    expect((view.thread as { messages: unknown[] }).messages).toEqual(
      (member.thread as { messages: unknown[] }).messages,
    );

    const organisation = (await openOrganisation(client.id)) as {
      projects: { title: string; unreadText: string | null }[];
      people: { email: string }[];
    };
    expect(organisation.projects.map((p) => p.title)).toEqual(["Website"]);
    expect(organisation.people.map((p) => p.email)).toEqual([client.member.email]);
    expect(organisation).not.toHaveProperty("invitations");

    const audited = await views(client.id);
    expect(audited.map((row) => [row.target_type, row.summary])).toEqual([
      ["organisations", "Savanna Coffee — Website"],
      ["organisations", "Savanna Coffee"],
    ]);
    expect(audited[0]?.actor_email).toBe(site.backend.admin.email);
  });

  it("is read-only: a decision or a message posted to it answers 403 and changes nothing", async () => {
    const client = await savanna("Savanna Coffee Roasters");
    const { versions } = await storedDeliverables(site.backend, client.project);
    const ready = versions.find((v) => v.status === "ready_for_review");
    const posts: Record<string, string>[] = [
      { intent: "decide", version: String(ready?.id), decision: "approved" },
      { intent: "message", message: "Hello from the view" },
    ];
    for (const fields of posts) {
      const params = { id: client.id, projectId: String(client.project) };
      const answer = await settle(() =>
        projectView.action(
          argsWithParams(`${projectViewPath(client.id, client.project)}?messages`, params, {
            ...formPost(fields),
            cookie: site.admin,
          }),
        ),
      );
      expect(statusOf(answer)).toBe(403);
      const onOrganisation = await settle(() =>
        organisationView.action(
          argsWithParams(
            viewPath(client.id),
            { id: client.id },
            {
              ...formPost({ intent: "invite", email: "x@example.com" }),
              cookie: site.admin,
            },
          ),
        ),
      );
      expect(statusOf(onOrganisation)).toBe(403);
    }
    expect((await storedDeliverables(site.backend, client.project)).decisions).toEqual([]);
    const { count } = await serviceClient(site.backend)
      .from("project_messages")
      .select("id", { count: "exact", head: true })
      .eq("project_id", client.project);
    expect(count).toBe(0);
    // Nothing seen by the page either: the view offers no form.
    const view = JSON.stringify(await openProject(client.id, client.project));
    expect(view).not.toContain('"intent"');
  });

  it("is the database's rule: with the header an admin reads as a member and writes nothing; anyone else's header changes nothing", async () => {
    const client = await savanna("Savanna Coffee Exports");
    const other = await savanna("Kilimo Fresh");
    const asAdmin = createClient(site.backend.url, site.backend.anonKey, {
      auth: { persistSession: false },
      global: { headers: { "x-view-as-client": client.id } },
    });
    await asAdmin.auth.signInWithPassword(site.backend.admin);
    const notes = await asAdmin.from("project_notes").select("id");
    expect(notes.data).toEqual([]);
    const versions = await asAdmin.from("deliverable_versions").select("file_name");
    expect(versions.data?.map((v) => v.file_name)).toEqual(["logo-v1.pdf"]);
    const elsewhere = await asAdmin.from("projects").select("id").eq("id", other.project);
    expect(elsewhere.data).toEqual([]);
    const write = await asAdmin
      .from("project_messages")
      .insert({ project_id: client.project, body: "From the view" });
    expect(write.error?.code).toBe("42501");

    // A member's header naming another client shows them nothing more (nor less of their own).
    const member = createClient(site.backend.url, site.backend.anonKey, {
      auth: { persistSession: false },
      global: { headers: { "x-view-as-client": other.id } },
    });
    await member.auth.signInWithPassword(client.member);
    const theirs = await member.from("projects").select("id").order("id");
    expect(theirs.data?.map((p) => p.id)).toEqual([client.project]);
  });

  it("answers 404 for another client's project, an unknown or malformed id, and records nothing", async () => {
    const client = await savanna("Savanna Coffee Growers");
    const other = await savanna("Kilimo Fresh Farms");
    for (const answer of [
      await openProject(client.id, other.project),
      await openProject(client.id, "x1"),
      await openOrganisation("00000000-0000-4000-8000-000000000000"),
      await openOrganisation("not-an-id"),
    ]) {
      expect(statusOf(answer)).toBe(404);
    }
    expect(await views(client.id)).toEqual([]);
    // Not an admin: the admin area's guard sends them away.
    const member = asResponse(await openOrganisation(client.id, client.memberCookie));
    expect(member.status).toBe(302);
    expect(await views(client.id)).toEqual([]);
  });
});

describe("the client's side", () => {
  it("counts unread messages per organisation on the dashboard and switches between organisations", async () => {
    const first = await savanna("Savanna Coffee Traders");
    const second = await clientWithProject(site.backend, "Baraka Bakery", { title: "Menu" });
    const service = serviceClient(site.backend);
    await service
      .from("organisation_members")
      .insert({ organisation_id: second.id, user_id: first.member.id, role: "owner" });
    const admin = await adminUserId(site.backend);
    for (const body of ["Karibu!", "The logo is ready"]) {
      await service.from("project_messages").insert({
        project_id: first.project,
        body,
        author_id: admin,
        author_name: "Agency",
        author_side: "agency",
      });
    }
    const cookie = await signInCookie(first.member.email);
    const home = (await settle(() =>
      dashboard.loader(argsWithParams("/dashboard", {}, { cookie })),
    )) as { memberships: { name: string; unreadText: string | null }[] };
    expect(home.memberships.map((m) => [m.name, m.unreadText])).toEqual([
      ["Baraka Bakery", null],
      ["Savanna Coffee Traders", "2 unread messages"],
    ]);
    const sw = (await settle(() =>
      dashboard.loader(argsWithParams("/sw/dashboard", {}, { cookie })),
    )) as { memberships: { unreadText: string | null }[] };
    expect(sw.memberships[1]?.unreadText).toMatch(/2/);
    expect(sw.memberships[1]?.unreadText).not.toContain("unread");

    // Opening the project reads the thread: the dashboard has nothing unread then.
    await memberProjectPage(first, cookie);
    const after = (await settle(() =>
      dashboard.loader(argsWithParams("/dashboard", {}, { cookie })),
    )) as { memberships: { unreadText: string | null }[] };
    expect(after.memberships.map((m) => m.unreadText)).toEqual([null, null]);

    const page = (await settle(() =>
      organisationPage.loader(
        argsWithParams(`/fr/organisations/${second.id}`, { organisationId: second.id }, { cookie }),
      ),
    )) as { organisations: { id: string; name: string }[] };
    expect(page.organisations.map((o) => o.name)).toEqual([
      "Baraka Bakery",
      "Savanna Coffee Traders",
    ]);

    // A person in none: today's dashboard, no organisation.
    const loner = await createUser(site.backend);
    const lonerCookie = await signInCookie(loner.email);
    const none = (await settle(() =>
      dashboard.loader(argsWithParams("/dashboard", {}, { cookie: lonerCookie })),
    )) as { memberships: unknown[] };
    expect(none.memberships).toEqual([]);
    // Another organisation's page stays 404 for them.
    const elsewhere = await settle(() =>
      organisationPage.loader(
        argsWithParams(
          `/organisations/${first.id}`,
          { organisationId: first.id },
          {
            cookie: lonerCookie,
          },
        ),
      ),
    );
    expect(statusOf(elsewhere)).toBe(404);
  });

  it("shows who runs the project: name, phone and WhatsApp from their account; nobody else reads it", async () => {
    const client = await savanna("Savanna Coffee Estates");
    const other = await savanna("Kilimo Fresh Market");
    const service = serviceClient(site.backend);
    const admin = await adminUserId(site.backend);
    await service.auth.admin.updateUserById(admin, {
      user_metadata: { full_name: "Wanjiku Kamau", phone: "+254712345678", onboarded: true },
    });
    await service.from("projects").update({ manager_id: admin }).eq("id", client.project);
    const page = (await memberProjectPage(client, client.memberCookie)) as {
      manager: unknown;
    };
    expect(page.manager).toEqual({
      name: "Wanjiku Kamau",
      role: null,
      photo: null,
      photoFocus: "center",
      phone: {
        display: "0712 345 678",
        tel: "tel:+254712345678",
        whatsapp: "https://wa.me/254712345678",
      },
    });
    // Another client's member: the page is 404 and the database answers nothing.
    expect(statusOf(await memberProjectPage(client, other.memberCookie))).toBe(404);
    const outsider = await signedInClient(site.backend, other.member);
    const { data } = await outsider.rpc("project_managers", { p_projects: [client.project] });
    expect(data).toEqual([]);
    // A project without one shows no card.
    expect(
      ((await memberProjectPage(other, other.memberCookie)) as { manager: unknown }).manager,
    ).toBeNull();
    const decided = await settle(() =>
      clientProject.loader(
        argsWithParams(
          `/sw/organisations/${client.id}/projects/${client.project}`,
          { organisationId: client.id, projectId: String(client.project) },
          { cookie: client.memberCookie },
        ),
      ),
    );
    expect((decided as { manager: { name: string } }).manager.name).toBe("Wanjiku Kamau");
  });
});
