/**
 * A project's decision history exported with the project (issue 42 item 3): the agency's
 * /admin/clients/:id/projects/:projectId/decisions.csv and the client's
 * /organisations/:organisationId/projects/:projectId/decisions.csv (under /sw and /fr too) answer
 * a CSV download of every decision — deliverable, version, file, decision, reason, who, from which
 * account, when — headings and decisions in the reader's language, formula-like text neutralised.
 * Per role: the client's owner and member and the assigned staff read it; an outsider, another
 * organisation's people, unassigned staff and mixed ids get 404; signed out, the login page.
 */
import { describe, expect, it } from "vitest";
import * as clientCsvRoute from "~/routes/account/project-decisions-csv";
import * as agencyCsvRoute from "~/routes/admin/project-decisions-csv";
import { settle } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import {
  agencyPost,
  clientView,
  decide,
  type Place,
  readyVersion,
  storedDeliverables,
} from "../support/deliverables";
import { clientWithProject } from "../support/portal";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";

const site = backendWithAdmin();
const agencyCsv = routed(agencyCsvRoute);
const clientCsv = routed(clientCsvRoute);

interface Client extends Place {
  owner: string;
  ownerEmail: string;
  member: string;
  memberEmail: string;
}

/** A client with an owner and a member, a deliverable "Logo" and its v1 ready for review. */
async function clientWaiting(name: string): Promise<Client & { deliverable: number }> {
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
  await agencyPost(place, site.admin, { intent: "deliverable", deliverable_title: "Logo" });
  const deliverable = (await storedDeliverables(site.backend, place.project)).deliverables[0]
    ?.id as number;
  await readyVersion(site.backend, place, deliverable, site.admin, "logo-v1.pdf");
  return {
    ...place,
    deliverable,
    owner: await signInCookie(owner.email),
    ownerEmail: owner.email,
    member: await signInCookie(member.email),
    memberEmail: member.email,
  };
}

/** The agency's download of `place`'s decisions, as `cookie`. */
function agencyDownload(place: Place, cookie: string) {
  const path = `/admin/clients/${place.id}/projects/${place.project}/decisions.csv`;
  const params = { id: place.id, projectId: String(place.project) };
  return answer(() => agencyCsv.loader(argsWithParams(path, params, { cookie })));
}

/** The client's download of `place`'s decisions, as `cookie` (signed out: none), in `lang`. */
function clientDownload(place: Place, cookie?: string, lang = "") {
  const path = `${lang}/organisations/${place.id}/projects/${place.project}/decisions.csv`;
  const params = { organisationId: place.id, projectId: String(place.project) };
  return answer(() => clientCsv.loader(argsWithParams(path, params, cookie ? { cookie } : {})));
}

/** What the route answered, returned or thrown: a file's response, a redirect, or a 404's data. */
async function answer(run: () => unknown): Promise<{ status: number; response?: Response }> {
  const outcome = await settle(run);
  if (outcome instanceof Response) return { status: outcome.status, response: outcome };
  const status = (outcome as { init?: { status?: number } }).init?.status;
  return { status: status ?? 0 };
}

async function lines(download: { status: number; response?: Response }) {
  expect(download.status).toBe(200);
  return ((await download.response?.text()) ?? "").split("\r\n").slice(0, -1);
}

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

describe("a project's decisions, exported", () => {
  it("holds every decision, oldest first — who, which account, when — in each reader's language", async () => {
    const client = await clientWaiting("Duma Motors");
    const v1 = (await storedDeliverables(site.backend, client.project)).versions[0]?.id as number;
    // A reason a spreadsheet would run as a formula, with a comma and a line break.
    const reason = '=HYPERLINK("x"), bigger letters,\nplease';
    await decide(client, client.owner, { version: v1, decision: "changes_requested", reason });
    const v2 = await readyVersion(
      site.backend,
      client,
      client.deliverable,
      site.admin,
      "logo-v2.pdf",
    );
    await decide(client, client.member, { version: v2, decision: "approved" });

    const agency = await agencyDownload(client, site.admin);
    const headers = agency.response?.headers;
    expect(headers?.get("Content-Type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(headers?.get("Content-Disposition")).toBe(
      `attachment; filename="project-${client.project}-decisions.csv"`,
    );
    expect(headers?.get("Cache-Control")).toBe("private, no-store");
    expect(headers?.get("X-Content-Type-Options")).toBe("nosniff");
    const [heading, first, second, ...rest] = await lines(agency);
    expect(heading).toBe(
      "Deliverable,Version,File,Decision,Reason,Decided by,Account (e-mail),Decided at (Africa/Nairobi)",
    );
    expect(rest).toEqual([]);
    const firstCells = first?.split(",") ?? [];
    expect(first).toContain(
      `Logo,1,logo-v1.pdf,Changes requested,"'=HYPERLINK(""x""), bigger letters,\nplease",Amina Wanjiru,${client.ownerEmail},`,
    );
    expect(firstCells.at(-1)).toMatch(STAMP);
    expect(second).toMatch(
      new RegExp(`^Logo,2,logo-v2\\.pdf,Approved,,Jean Mugabo,${client.memberEmail},`),
    );
    expect(second?.split(",").at(-1)).toMatch(STAMP);

    // The admin who reads the site in French gets French headings.
    const french = await lines(await agencyDownload(client, `${site.admin}; lang=fr`));
    expect(french[0]).toBe(
      "Livrable,Version,Fichier,Décision,Motif,Décidé par,Compte (e-mail),Date de la décision (Africa/Nairobi)",
    );
    expect(french[2]).toContain(",Approuvée,,Jean Mugabo,");

    // The client's owner in Kiswahili, the member in French, the same rows — linked from the
    // project's page in the page's language.
    const page = (await clientView(client, client.owner, "/sw")) as { decisionsHref: string };
    expect(page.decisionsHref).toBe(
      `/sw/organisations/${client.id}/projects/${client.project}/decisions.csv`,
    );
    const owner = await lines(await clientDownload(client, client.owner, "/sw"));
    expect(owner[0]).toBe(
      "Kazi ya kuwasilishwa,Toleo,Faili,Uamuzi,Sababu,Aliyeamua,Akaunti (barua pepe),Wakati wa uamuzi (Africa/Nairobi)",
    );
    expect(owner[1]).toContain("Logo,1,logo-v1.pdf,Mabadiliko yameombwa,");
    expect(owner[2]).toContain("Logo,2,logo-v2.pdf,Limeidhinishwa,,Jean Mugabo,");
    const member = await lines(await clientDownload(client, client.member, "/fr"));
    expect(member.slice(1)).toEqual([
      expect.stringContaining(",Modifications demandées,"),
      expect.stringContaining(",Approuvée,"),
    ]);
  });

  it("is its headings alone before any decision, on both sides", async () => {
    const client = await clientWaiting("Nyati Farms");
    expect(await lines(await clientDownload(client, client.owner))).toEqual([
      "Deliverable,Version,File,Decision,Reason,Decided by,Account (e-mail),Decided at (Africa/Nairobi)",
    ]);
    expect(await lines(await agencyDownload(client, site.admin))).toHaveLength(1);
  });

  it("answers 404 to another organisation's people, outsiders, unassigned staff and mixed ids", async () => {
    const mine = await clientWaiting("Mamba Paints");
    const theirs = await clientWaiting("Swala Travel");
    const service = serviceClient(site.backend);
    const outsider = await createUser(site.backend);
    const [assigned, unassigned] = await Promise.all([
      createUser(site.backend),
      createUser(site.backend),
    ]);
    await service.from("agency_roles").insert([
      { user_id: assigned.id, role: "staff" },
      { user_id: unassigned.id, role: "staff" },
    ]);
    await service
      .from("staff_assignments")
      .insert({ organisation_id: mine.id, user_id: assigned.id });
    // Those who read my project's page read its decisions.
    for (const cookie of [mine.owner, mine.member, await signInCookie(assigned.email)]) {
      expect((await clientDownload(mine, cookie)).status).toBe(200);
    }
    // Nobody else, in any language: the same 404 as the project's page.
    for (const cookie of [
      theirs.owner,
      theirs.member,
      await signInCookie(outsider.email),
      await signInCookie(unassigned.email),
    ]) {
      expect((await clientDownload(mine, cookie)).status).toBe(404);
      expect((await clientDownload(mine, cookie, "/sw")).status).toBe(404);
    }
    // My project under their organisation's id, theirs under mine, a made-up project.
    const mixed = [
      { id: theirs.id, project: mine.project },
      { id: mine.id, project: theirs.project },
      { id: mine.id, project: 999_999_999 },
    ];
    for (const place of mixed) {
      expect((await clientDownload(place, mine.owner)).status).toBe(404);
      expect((await clientDownload(place, theirs.owner)).status).toBe(404);
      expect((await agencyDownload(place, site.admin)).status).toBe(404);
    }
    // Signed out: the login page; the agency's file is the admins' alone.
    const signedOut = await clientDownload(mine);
    expect(signedOut.status).toBe(302);
    expect(signedOut.response?.headers.get("Location")).toMatch(/^\/login/);
    for (const cookie of [mine.owner, await signInCookie(assigned.email)]) {
      const refused = await agencyDownload(mine, cookie);
      expect(refused.status).toBe(302);
      expect(refused.response?.headers.get("Content-Type") ?? "").not.toMatch(/csv/);
    }
  });
});
