/**
 * A client's projects (supabase/migrations/20261213000001_projects.sql): the agency creates one
 * on /admin/clients/:id/projects/new (mistakes under their fields, what was typed back), it is
 * listed on the client's page, and the client's people follow it on /organisations/:id in their
 * language — status and the service's stage in words, milestones done of total, the next one
 * due. Another client's people never see it.
 */
import { describe, expect, it } from "vitest";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientRoute from "~/routes/admin/client";
import * as projectNewRoute from "~/routes/admin/project-new";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const projectNew = routed(projectNewRoute);
const clientPage = routed(clientRoute);
const organisationPage = routed(organisationRoute);
const site = backendWithAdmin();

async function organisationWithOwner(name: string) {
  const service = serviceClient(site.backend);
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  const id = data?.id as string;
  const owner = await createUser(site.backend);
  await service
    .from("organisation_members")
    .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
  return { id, owner };
}

function create(organisation: string, fields: Record<string, string>, cookie = site.admin) {
  const path = `/admin/clients/${organisation}/projects/new`;
  return settle(() =>
    projectNew.action(argsWithParams(path, { id: organisation }, { ...formPost(fields), cookie })),
  );
}

type Row = {
  title: string;
  statusText: string;
  serviceText: string | null;
  stageText: string | null;
  due: { iso: string; text: string } | null;
  progressText: string;
  nextDueText: string | null;
};

async function ownPageProjects(organisation: string, cookie: string, locale = "sw") {
  const path = `${locale === "en" ? "" : `/${locale}`}/organisations/${organisation}`;
  const page = await settle(() =>
    organisationPage.loader(argsWithParams(path, { organisationId: organisation }, { cookie })),
  );
  return page as { projects: Row[] | null };
}

describe("a client's projects", () => {
  it("are created by the agency and followed by the client in their language", async () => {
    const { id, owner } = await organisationWithOwner("Kilimo Fresh");
    const form = (await settle(() =>
      projectNew.loader(
        argsWithParams(`/admin/clients/${id}/projects/new`, { id }, { cookie: site.admin }),
      ),
    )) as { services: { id: string; title: string }[]; statuses: string[] };
    expect(form.services.map((service) => service.id)).toContain("web-development");
    expect(form.statuses).toEqual(["proposal", "active", "on_hold", "delivered", "closed"]);

    const created = asResponse(
      await create(id, {
        title: "New online shop",
        service: "web-development",
        status: "active",
        starts_on: "2026-12-01",
        due_on: "2027-02-15",
      }),
    );
    expect(created.headers.get("Location")).toBe(`/admin/clients/${id}`);
    expect((await toastOf(created))?.title).toBe(
      "Project “New online shop” created: the client sees it now",
    );

    // The agency's list, then the client's, with two milestones (one done) and a stage.
    const service = serviceClient(site.backend);
    const { data: project } = await service
      .from("projects")
      .update({ stage: 1 })
      .eq("organisation_id", id)
      .select("id")
      .single();
    const milestones = await service.from("project_milestones").insert([
      { project_id: project?.id, title: "Designs approved", status: "done", due_on: "2026-12-20" },
      { project_id: project?.id, title: "Shop live", status: "upcoming", due_on: "2027-02-10" },
    ]);
    expect(milestones.error).toBeNull();
    const listed = (await settle(() =>
      clientPage.loader(argsWithParams(`/admin/clients/${id}`, { id }, { cookie: site.admin })),
    )) as { projects: Row[] };
    expect(listed.projects).toMatchObject([
      { title: "New online shop", statusText: "Active", progressText: "1 of 2 done" },
    ]);

    const { data: web } = await service
      .from("services")
      .select("title, process")
      .eq("slug", "web-development")
      .single();
    const steps = web?.process as { title: Record<string, string> }[];
    const [row] = (await ownPageProjects(id, await signInCookie(owner.email))).projects ?? [];
    expect(row).toMatchObject({
      title: "New online shop",
      statusText: "Unaendelea",
      serviceText: (web?.title as Record<string, string> | undefined)?.sw,
      stageText: `Hatua 2 kati ya ${steps.length}: ${steps[1]?.title.sw}`,
      due: { iso: "2027-02-15" },
      progressText: "1 kati ya 2 zimekamilika",
    });
    expect(row?.nextDueText).toMatch(/^Inayofuata: .*2027/);
  });

  it("answers each mistake under its field, with what was typed", async () => {
    const { id } = await organisationWithOwner("Pwani Tours");
    const invalid = asData(
      await create(id, {
        title: " ",
        service: "no-such-service",
        status: "finished",
        starts_on: "2026-12-10",
        due_on: "2026-12-01",
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result?.error).toMatchObject({
      title: ["Enter the project’s title."],
      service: ["Choose one of the services."],
      status: ["Choose a status."],
    });
    expect(invalid.data.result?.initialValue).toMatchObject({ service: "no-such-service" });
    const dates = asData(
      await create(id, {
        title: "Logo",
        status: "proposal",
        starts_on: "2026-12-10",
        due_on: "2026-12-01",
      }),
    );
    expect(dates.data.result?.error?.due_on).toEqual([
      "The due date cannot be before the start date.",
    ]);
    const notADate = asData(
      await create(id, { title: "Logo", status: "proposal", due_on: "soon" }),
    );
    expect(notADate.data.result?.error?.due_on).toEqual(["Enter a date as YYYY-MM-DD."]);
    const { count } = await serviceClient(site.backend)
      .from("projects")
      .select("id", { count: "exact", head: true })
      .eq("organisation_id", id);
    expect(count).toBe(0);
    const unknown = asData(
      await create("00000000-0000-4000-8000-000000000000", { title: "X", status: "active" }),
    );
    expect(unknown.status).toBe(404);
  });

  it("are never shown to another client's people", async () => {
    const first = await organisationWithOwner("Savannah Ltd");
    const second = await organisationWithOwner("Delta Works");
    expect(
      asResponse(await create(first.id, { title: "Secret plan", status: "active" })).status,
    ).toBe(302);
    const own = await ownPageProjects(second.id, await signInCookie(second.owner.email), "en");
    expect(own.projects).toEqual([]);
    const cookie = await signInCookie(second.owner.email);
    const theirs = asData(
      await settle(() =>
        organisationPage.loader(
          argsWithParams(`/organisations/${first.id}`, { organisationId: first.id }, { cookie }),
        ),
      ),
    );
    expect(theirs.status).toBe(404);
    // Nor through the Data API with their own token.
    const client = await signedInClient(site.backend, second.owner);
    const { data } = await client.from("projects").select("title");
    expect(data).toEqual([]);
  });
});
