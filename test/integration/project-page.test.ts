/**
 * A project's page for the agency (/admin/clients/:id/projects/:projectId): its details saved
 * (the step of its service reached among that service's steps), its milestones added, updated
 * and removed — each mistake under its field with what was typed, another project's milestone
 * or another client's project answered 404 — and what the client then sees, on its own page of
 * the project too.
 */
import { describe, expect, it } from "vitest";
import * as organisationRoute from "~/routes/account/organisation";
import * as clientProjectRoute from "~/routes/account/project";
import * as projectRoute from "~/routes/admin/project";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { backendWithAdmin, createUser, serviceClient, signInCookie } from "../support/backend";
import { clientWithProject as portalClient } from "../support/portal";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const projectPage = routed(projectRoute);
const organisationPage = routed(organisationRoute);
const clientProjectPage = routed(clientProjectRoute);
const site = backendWithAdmin();

const clientWithProject = (name: string) =>
  portalClient(site.backend, name, { service: "graphic-design" });

const pathOf = (client: string, project: number | string) =>
  `/admin/clients/${client}/projects/${project}`;

function post(client: string, project: number | string, fields: Record<string, string>) {
  return settle(() =>
    projectPage.action(
      argsWithParams(
        pathOf(client, project),
        { id: client, projectId: String(project) },
        { ...formPost(fields), cookie: site.admin },
      ),
    ),
  );
}

async function open(client: string, project: number | string) {
  return settle(() =>
    projectPage.loader(
      argsWithParams(
        pathOf(client, project),
        { id: client, projectId: String(project) },
        { cookie: site.admin },
      ),
    ),
  );
}

type Page = {
  steps: string[];
  milestones: { id: number; title: string; status: string; due: { iso: string } | null }[];
};

describe("a project's page", () => {
  it("adds, updates and removes milestones, and the client sees the progress", async () => {
    const { id, project } = await clientWithProject("Nyota Salon");
    for (const [title, due] of [
      ["Concepts shown", "2026-12-05"],
      ["Logo final", "2026-12-19"],
    ] as const) {
      const added = asResponse(
        await post(id, project, { intent: "add", milestone_title: title, milestone_due: due }),
      );
      expect(added.headers.get("Location")).toBe(pathOf(id, project));
      expect((await toastOf(added))?.title).toBe("Milestone added");
    }
    const page = (await open(id, project)) as Page;
    expect(page.milestones.map((m) => [m.title, m.status, m.due?.iso])).toEqual([
      ["Concepts shown", "upcoming", "2026-12-05"],
      ["Logo final", "upcoming", "2026-12-19"],
    ]);
    const [first, second] = page.milestones;
    if (!first || !second) throw new Error("expected two milestones");

    const done = asResponse(
      await post(id, project, {
        intent: "status",
        milestone: String(first.id),
        milestone_status: "done",
      }),
    );
    expect((await toastOf(done))?.title).toBe("Milestone updated");
    const { data: stored } = await serviceClient(site.backend)
      .from("project_milestones")
      .select("status, done_at")
      .eq("id", first.id)
      .single();
    expect(stored?.status).toBe("done");
    expect(stored?.done_at).not.toBeNull();

    // The details: the step reached is one of the service's (graphic design: 4 steps).
    expect(page.steps.length).toBeGreaterThan(1);
    const saved = asResponse(
      await post(id, project, {
        intent: "save",
        title: "Brand refresh 2027",
        service: "graphic-design",
        status: "active",
        stage: "1",
        due_on: "2026-12-31",
      }),
    );
    expect((await toastOf(saved))?.title).toBe("Project saved");

    const owner = await createUser(site.backend);
    await serviceClient(site.backend)
      .from("organisation_members")
      .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
    const path = `/fr/organisations/${id}`;
    const cookie = await signInCookie(owner.email);
    const seen = (await settle(() =>
      organisationPage.loader(argsWithParams(path, { organisationId: id }, { cookie })),
    )) as { projects: Record<string, unknown>[] };
    expect(seen.projects).toMatchObject([
      {
        title: "Brand refresh 2027",
        statusText: "En cours",
        progressText: "1 sur 2 terminés",
        stageText: `Étape 2 sur ${page.steps.length}\u00a0: ${"Pistes créatives"}`,
      },
    ]);

    const removed = asResponse(
      await post(id, project, { intent: "remove", milestone: String(second.id) }),
    );
    expect((await toastOf(removed))?.title).toBe("Milestone removed");
    expect(((await open(id, project)) as Page).milestones).toHaveLength(1);
  });

  it("answers each mistake under its field, with what was typed", async () => {
    const { id, project } = await clientWithProject("Baobab Cafe");
    const noTitle = asData(
      await post(id, project, { intent: "add", milestone_title: "  ", milestone_due: "31/12" }),
    );
    expect(noTitle.status).toBe(400);
    expect(noTitle.data.result?.error).toMatchObject({
      milestone_title: ["Enter the milestone’s title."],
      milestone_due: ["Enter a date as YYYY-MM-DD."],
    });
    const badStage = asData(
      await post(id, project, {
        intent: "save",
        title: "Brand refresh",
        service: "graphic-design",
        status: "active",
        stage: "12",
      }),
    );
    expect(badStage.status).toBe(400);
    expect(badStage.data.result?.error?.stage).toEqual(["Choose one of this service’s steps."]);
    expect(badStage.data.result?.initialValue).toMatchObject({
      title: "Brand refresh",
      stage: "12",
    });
    const noStatus = asData(await post(id, project, { intent: "save", title: "" }));
    expect(noStatus.data.result?.error).toMatchObject({
      title: ["Enter the project’s title."],
      status: ["Choose a status."],
    });
    const badStatus = asData(
      await post(id, project, { intent: "status", milestone: "1", milestone_status: "finished" }),
    );
    expect(badStatus.data.result?.error?.milestone_status).toEqual(["Choose a status."]);
  });

  it("answers 404 for another client's project and another project's milestone", async () => {
    const first = await clientWithProject("Mvua Farms");
    const second = await clientWithProject("Jua Energy");
    expect(asData(await open(first.id, second.project)).status).toBe(404);
    expect(asData(await open(first.id, "nope")).status).toBe(404);
    expect(
      asData(await post(first.id, second.project, { intent: "add", milestone_title: "X" })).status,
    ).toBe(404);

    await post(second.id, second.project, { intent: "add", milestone_title: "Theirs" });
    const { data: theirs } = await serviceClient(site.backend)
      .from("project_milestones")
      .select("id")
      .eq("project_id", second.project)
      .single();
    const refused = asData(
      await post(first.id, first.project, { intent: "remove", milestone: String(theirs?.id) }),
    );
    expect(refused.status).toBe(404);
    expect(refused.data.toast?.title).toBe("There is no such milestone in this project.");
    const { count } = await serviceClient(site.backend)
      .from("project_milestones")
      .select("id", { count: "exact", head: true })
      .eq("project_id", second.project);
    expect(count).toBe(1);
  });
});

describe("a project's page for the client (/organisations/:id/projects/:projectId)", () => {
  it("shows its people where it stands and its milestones; 404 for anyone else's", async () => {
    const { id, project } = await clientWithProject("Simba Motors");
    await post(id, project, { intent: "add", milestone_title: "Brief agreed" });
    const owner = await createUser(site.backend);
    await serviceClient(site.backend)
      .from("organisation_members")
      .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
    const cookie = await signInCookie(owner.email);
    const view = (organisation: string, projectId: number | string, who = cookie) =>
      settle(() =>
        clientProjectPage.loader(
          argsWithParams(
            `/sw/organisations/${organisation}/projects/${projectId}`,
            { organisationId: organisation, projectId: String(projectId) },
            { cookie: who },
          ),
        ),
      );
    const seen = (await view(id, project)) as {
      project: { title: string; statusText: string };
      milestones: { title: string; statusText: string }[];
    };
    expect(seen.project).toMatchObject({ title: "Brand refresh", statusText: "Pendekezo" });
    expect(seen.milestones).toMatchObject([{ title: "Brief agreed", statusText: "Inakuja" }]);

    const other = await clientWithProject("Tembo Logistics");
    expect(asData(await view(id, other.project)).status).toBe(404);
    expect(asData(await view(other.id, other.project)).status).toBe(404);
    const stranger = await createUser(site.backend);
    expect(asData(await view(id, project, await signInCookie(stranger.email))).status).toBe(404);
  });
});
