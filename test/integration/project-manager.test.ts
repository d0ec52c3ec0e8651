/**
 * Who runs a project (issue 42, item 1), chosen on the agency's project page: the choices are
 * the admins and the staff assigned to the client (not other staff, nothing for the client's
 * people); the choice saved shows on the client's page as the manager's card; a person who is
 * not on the agency's side is refused without a 500 and nothing changes; a malformed id is
 * worded under the field.
 */
import { describe, expect, it } from "vitest";
import { asData, asResponse } from "../support/answers";
import {
  backendWithAdmin,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
} from "../support/backend";
import { agencyPage, agencyPost, clientView } from "../support/deliverables";
import { clientWithProject } from "../support/portal";

const site = backendWithAdmin();

async function staffMember(name: string, assignedTo?: string) {
  const person = await createUser(site.backend, {
    metadata: { full_name: name, onboarded: true, phone: "+254722000111" },
  });
  const service = serviceClient(site.backend);
  await service.from("agency_roles").insert({ user_id: person.id, role: "staff" });
  if (assignedTo) {
    await service
      .from("staff_assignments")
      .insert({ organisation_id: assignedTo, user_id: person.id });
  }
  return person;
}

const save = (place: { id: string; project: number }, manager: string) =>
  agencyPost(place, site.admin, { intent: "save", title: "Website", status: "active", manager });

async function managerOf(project: number) {
  const { data } = await serviceClient(site.backend)
    .from("projects")
    .select("manager_id")
    .eq("id", project)
    .single();
  return data?.manager_id ?? null;
}

describe("who runs a project", () => {
  it("is chosen among the admins and the client's staff, and the client sees their card", async () => {
    const place = await clientWithProject(site.backend, "Zuri Crafts", {
      title: "Website",
      owner: true,
    });
    const assigned = await staffMember("Otieno Assigned", place.id);
    const elsewhere = await staffMember("Njeri Elsewhere");
    const page = (await agencyPage(place, site.admin)) as {
      managers: { id: string; label: string }[];
      project: { manager: string };
    };
    const ids = page.managers.map((m) => m.id);
    expect(ids).toContain(assigned.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(page.managers.find((m) => m.id === assigned.id)?.label).toBe(
      `Otieno Assigned (${assigned.email})`,
    );
    expect(page.project.manager).toBeNull();

    const saved = asResponse(await save(place, assigned.id));
    expect(saved.status).toBe(302);
    expect(await managerOf(place.project)).toBe(assigned.id);
    const again = (await agencyPage(place, site.admin)) as { project: { manager: string } };
    expect(again.project.manager).toBe(assigned.id);

    const owner = place.owner as { email: string; password: string };
    const client = (await clientView(place, await signInCookie(owner.email))) as {
      manager: { name: string; phone: { tel: string } };
    };
    expect(client.manager.name).toBe("Otieno Assigned");
    expect(client.manager.phone.tel).toBe("tel:+254722000111");
    // The client's people are offered nobody.
    const asOwner = await signedInClient(site.backend, owner);
    const { data } = await asOwner.rpc("project_manager_choices", { p_project: place.project });
    expect(data).toEqual([]);

    // Nobody again.
    await save(place, "none");
    expect(await managerOf(place.project)).toBeNull();
  });

  it("refuses someone who is not on the agency's side, and a malformed id under the field", async () => {
    const place = await clientWithProject(site.backend, "Zuri Crafts Ltd", { title: "Website" });
    const outsider = await createUser(site.backend);
    const refused = asData(await save(place, outsider.id));
    expect(JSON.stringify(refused)).toMatch(/admin or on the agency/);
    expect(await managerOf(place.project)).toBeNull();

    const malformed = asData(await save(place, "not-an-id"));
    expect(malformed.data.result?.error?.manager).toEqual(["Choose someone from the list."]);
    expect(await managerOf(place.project)).toBeNull();
  });
});
