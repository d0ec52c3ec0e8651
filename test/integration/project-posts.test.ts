/**
 * A project's updates for the client and the agency's internal notes
 * (20261214000001_project_updates.sql, docs/decisions/017-internal-and-client-data.md): the
 * agency posts both on the project's page; the client's people read the updates on theirs, with
 * who wrote each and when, and never an internal note — not in the page's data, not through the
 * Data API with their own token.
 */
import { describe, expect, it } from "vitest";
import * as clientProjectRoute from "~/routes/account/project";
import * as projectRoute from "~/routes/admin/project";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { backendWithAdmin, serviceClient, signedInClient, signInCookie } from "../support/backend";
import { clientWithProject as portalClient } from "../support/portal";
import { argsWithParams, formPost } from "../support/route-args";
import { routed } from "../support/routed";

const projectPage = routed(projectRoute);
const clientProjectPage = routed(clientProjectRoute);
const site = backendWithAdmin();

async function clientWithProject(name: string) {
  const client = await portalClient(site.backend, name, { title: "Mobile app", owner: true });
  if (!client.owner) throw new Error("no owner");
  return { ...client, owner: client.owner };
}

function post(client: string, project: number, fields: Record<string, string>) {
  return settle(() =>
    projectPage.action(
      argsWithParams(
        `/admin/clients/${client}/projects/${project}`,
        { id: client, projectId: String(project) },
        { ...formPost(fields), cookie: site.admin },
      ),
    ),
  );
}

describe("a project's updates and internal notes", () => {
  it("reach the client's people (updates) and nobody outside the agency (notes)", async () => {
    const { id, project, owner } = await clientWithProject("Chui Apps");
    const update = asResponse(
      await post(id, project, {
        intent: "update",
        body: "The first screens are ready.\nHave a look.",
      }),
    );
    expect((await toastOf(update))?.title).toBe("Update posted: the client sees it now");
    const note = asResponse(
      await post(id, project, { intent: "note", body: "Pays late; ask for a deposit." }),
    );
    expect((await toastOf(note))?.title).toBe("Internal note saved");

    const agency = (await settle(() =>
      projectPage.loader(
        argsWithParams(
          `/admin/clients/${id}/projects/${project}`,
          { id, projectId: String(project) },
          { cookie: site.admin },
        ),
      ),
    )) as { updates: { body: string }[]; notes: { body: string }[] };
    expect(agency.updates.map((row) => row.body)).toEqual([
      "The first screens are ready.\nHave a look.",
    ]);
    expect(agency.notes.map((row) => row.body)).toEqual(["Pays late; ask for a deposit."]);

    const cookie = await signInCookie(owner.email);
    const seen = await settle(() =>
      clientProjectPage.loader(
        argsWithParams(
          `/fr/organisations/${id}/projects/${project}`,
          { organisationId: id, projectId: String(project) },
          { cookie },
        ),
      ),
    );
    const { updates } = seen as { updates: { body: string; byline: string }[] };
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toBe("The first screens are ready.\nHave a look.");
    expect(updates[0]?.byline).toMatch(/ · .*20\d\d/);
    // Nothing of the note anywhere in what the client's page was given.
    expect(JSON.stringify(seen)).not.toContain("deposit");

    const client = await signedInClient(site.backend, owner);
    expect((await client.from("project_notes").select("body")).data).toEqual([]);
    const forged = await client
      .from("project_notes")
      .insert({ project_id: project, body: "x" } as never);
    expect(forged.error?.code).toBe("42501");
    expect((await client.from("project_updates").select("body")).data).toHaveLength(1);
  });

  it("answers an empty or overlong text under its field, with what was typed", async () => {
    const { id, project } = await clientWithProject("Kifaru Bank");
    const empty = asData(await post(id, project, { intent: "update", body: "   " }));
    expect(empty.status).toBe(400);
    expect(empty.data.result?.error?.body).toEqual(["Write something first."]);
    const long = "a".repeat(5001);
    const tooLong = asData(await post(id, project, { intent: "note", body: long }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.result?.error?.body).toEqual(["Use at most 5 000 characters."]);
    expect(tooLong.data.result?.initialValue).toMatchObject({ intent: "note", body: long });
    const { count } = await serviceClient(site.backend)
      .from("project_notes")
      .select("id", { count: "exact", head: true })
      .eq("project_id", project);
    expect(count).toBe(0);
  });
});
