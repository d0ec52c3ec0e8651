/**
 * /admin/people assigns agency roles (admin, staff, none): who may, what the database then
 * holds, what the audit log records, what the viewer's access says, and the field error for
 * removing your own admin role (supabase/migrations/20261208000001_roles.sql).
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS } from "~/domain/access/permissions";
import { loadViewer } from "~/domain/access/viewer.server";
import type { AppSupabase } from "~/infra/supabase.server";
import * as peopleRoute from "~/routes/admin/people";
import { asData, asResponse, settle } from "../support/answers";
import {
  adminUserId,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
  startAppBackend,
  storedUser,
} from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const people = routed(peopleRoute);

let backend: TestBackend;
let admin: string;
let adminId: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
  adminId = await adminUserId(backend);
});
afterAll(() => backend.close());

function assign(user: string, role: string, cookie = admin) {
  return settle(() =>
    people.action(
      routeArgs(`/admin/people?role=${user}`, {
        ...formPost({ intent: "role", user, role }),
        cookie,
      }).args,
    ),
  );
}

async function auditOf(target: string) {
  const { data } = await serviceClient(backend)
    .from("audit_log")
    .select("actor_id, action, target_type, summary")
    .eq("target_id", target)
    .order("id");
  return data ?? [];
}

async function staffRow(userId: string) {
  const { data } = await serviceClient(backend)
    .from("agency_roles")
    .select("role, granted_by")
    .eq("user_id", userId);
  return data ?? [];
}

type Listed = { list: { rows: { id: string; agency_role: string }[] } };
async function listedRole(email: string) {
  const page = (await people.loader(
    routeArgs(`/admin/people?q=${encodeURIComponent(email)}`, { cookie: admin }).args,
  )) as Listed;
  return page.list.rows.map((row) => row.agency_role);
}

describe("agency roles on /admin/people", () => {
  it("makes an account staff, then admin, then nothing; each change recorded", async () => {
    const person = await createUser(backend);
    const own = await signedInClient(backend, person);
    const viewerRole = async () => {
      const viewer = await loadViewer(own as unknown as AppSupabase, person.id);
      return viewer.ok ? viewer.value.agencyRole : "failed";
    };
    expect(await viewerRole()).toBeNull();

    const staff = asResponse(await assign(person.id, "staff"));
    expect(staff).toHaveRedirect("/admin/people");
    await expect(staff).toSendToast({ title: "Agency role saved" });
    expect(await staffRow(person.id)).toEqual([{ role: "staff", granted_by: adminId }]);
    expect(await listedRole(person.email)).toEqual(["staff"]);
    expect(await viewerRole()).toBe("staff");

    // The same role again changes nothing, and says so.
    const again = asResponse(await assign(person.id, "staff"));
    await expect(again).toSendToast({
      title: "Nothing changed: the account already had that role",
    });

    await expect(asResponse(await assign(person.id, "admin"))).toSendToast({
      title: "Agency role saved",
    });
    expect((await storedUser(backend, person.id)).app_metadata.is_admin).toBe(true);
    expect(await staffRow(person.id)).toEqual([]);
    expect(await listedRole(person.email)).toEqual(["admin"]);
    expect(await viewerRole()).toBe("admin");

    await assign(person.id, "none");
    expect((await storedUser(backend, person.id)).app_metadata.is_admin).toBe(false);
    expect(await staffRow(person.id)).toEqual([]);
    expect(await listedRole(person.email)).toEqual(["none"]);
    expect(await viewerRole()).toBeNull();

    const by = { actor_id: adminId, target_type: "users", summary: person.email };
    expect(await auditOf(person.id)).toEqual([
      { ...by, action: "staff.granted" },
      // Admin rights end the staff role (one role each), within the same change.
      { ...by, action: "staff.revoked" },
      { ...by, action: "admin.granted" },
      { ...by, action: "admin.revoked" },
    ]);
  });

  it("ends the staff role when admin rights are granted another way (one role each)", async () => {
    const person = await createUser(backend);
    await assign(person.id, "staff");
    // The confirmation step's grant (admin_set_admin), and the service role (npm run admin:grant).
    await settle(() =>
      people.action(
        routeArgs("/admin/people", {
          ...formPost({ intent: "grant", user: person.id }),
          cookie: admin,
        }).args,
      ),
    );
    expect(await staffRow(person.id)).toEqual([]);
    const other = await createUser(backend);
    await assign(other.id, "staff");
    await serviceClient(backend).auth.admin.updateUserById(other.id, {
      app_metadata: { is_admin: true },
    });
    expect(await staffRow(other.id)).toEqual([]);
    expect(await listedRole(other.email)).toEqual(["admin"]);
  });

  it("refuses to remove your own admin role, under the field, in your language", async () => {
    const before = await auditOf(adminId);
    const refused = asData(await assign(adminId, "staff"));
    expect(refused.status).toBe(409);
    expect(refused.data.result?.error?.role).toEqual([
      "You cannot remove your own admin role. Another admin can.",
    ]);
    expect(refused.data.result?.initialValue).toMatchObject({ role: "staff", user: adminId });
    const inSwahili = asData(await assign(adminId, "none", `${admin}; lang=sw`));
    expect(inSwahili.status).toBe(409);
    expect(inSwahili.data.result?.error?.role).toEqual([
      "Huwezi kuondoa jukumu lako mwenyewe la msimamizi. Msimamizi mwingine anaweza.",
    ]);
    expect((await storedUser(backend, adminId)).app_metadata.is_admin).toBe(true);
    expect(await staffRow(adminId)).toEqual([]);
    expect(await auditOf(adminId)).toEqual(before);
  });

  it("answers a role it does not know, a missing role and an unknown account", async () => {
    const person = await createUser(backend);
    for (const role of ["owner", "", "ADMIN"]) {
      const invalid = asData(await assign(person.id, role));
      expect(invalid.status).toBe(400);
      expect(invalid.data.result?.error?.role).toEqual(["Choose admin, staff or none."]);
    }
    expect(asData(await assign("00000000-0000-4000-8000-000000000999", "staff")).status).toBe(404);
    expect(await staffRow(person.id)).toEqual([]);
    expect(await auditOf(person.id)).toEqual([]);
  });

  it("lets nobody but an admin assign a role, through the page or the API", async () => {
    const staff = await createUser(backend);
    await assign(staff.id, "staff");
    const target = await createUser(backend);
    // Staff are not admins: the page sends them home and changes nothing.
    const cookie = await signInCookie(staff.email, staff.password);
    expect(asResponse(await assign(target.id, "admin", cookie))).toHaveRedirect("/");
    const own = await signedInClient(backend, staff);
    const rpc = await own.rpc("set_agency_role", { p_user_id: staff.id, p_role: "admin" });
    expect(rpc.error?.code).toBe("42501");
    const insert = await own.from("agency_roles").insert({ user_id: target.id, role: "staff" });
    expect(insert.error?.code).toBe("42501");
    const anon = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
    expect(
      (await anon.rpc("set_agency_role", { p_user_id: target.id, p_role: "admin" })).error,
    ).not.toBeNull();
    expect((await storedUser(backend, staff.id)).app_metadata.is_admin).toBeUndefined();
    expect((await storedUser(backend, target.id)).app_metadata.is_admin).toBeUndefined();
    expect(await staffRow(target.id)).toEqual([]);
  });

  it("tells the viewer their organisations, and a visitor asks nothing", async () => {
    const person = await createUser(backend);
    const service = serviceClient(backend);
    const { data: org } = await service
      .from("organisations")
      .insert({ name: "Acme Ltd" })
      .select("id")
      .single();
    await service
      .from("organisation_members")
      .insert({ organisation_id: org!.id, user_id: person.id, role: "owner" });
    const own = (await signedInClient(backend, person)) as unknown as AppSupabase;
    expect(await loadViewer(own, person.id)).toEqual({
      ok: true,
      value: {
        signedIn: true,
        agencyRole: null,
        memberships: [{ organisationId: org!.id, name: "Acme Ltd", role: "owner" }],
        assignments: [],
      },
    });
    const unused = new Proxy({}, { get: () => expect.unreachable() }) as AppSupabase;
    expect(await loadViewer(unused, null)).toEqual({ ok: true, value: ANONYMOUS });
  });
});
