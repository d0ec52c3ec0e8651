import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as overviewRoute from "~/routes/admin/overview";
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

const overview = routed(overviewRoute);
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

type Listed = {
  list: {
    rows: { id: string; email: string; is_admin: boolean; confirmed: boolean }[];
    total: number;
  };
};

async function list(query = "", cookie = admin) {
  return (await people.loader(routeArgs(`/admin/people${query}`, { cookie }).args)) as Listed;
}

function change(intent: "grant" | "revoke", user: string, cookie = admin) {
  return settle(() =>
    people.action(routeArgs("/admin/people", { ...formPost({ intent, user }), cookie }).args),
  );
}

describe("people", () => {
  it("lists accounts with search and paging, confirmed and admin flags", async () => {
    const user = await createUser(backend, { confirmed: false });
    const all = await list();
    expect(all.list.total).toBeGreaterThanOrEqual(2);
    expect(all.list.rows.find((r) => r.id === adminId)).toMatchObject({
      is_admin: true,
      confirmed: true,
    });
    const found = await list(`?q=${encodeURIComponent(user.email)}`);
    expect(found.list.rows).toEqual([
      expect.objectContaining({ email: user.email, is_admin: false, confirmed: false }),
    ]);
    expect(found.list.total).toBe(1);
    expect((await list("?q=%25_nobody_%25")).list.total).toBe(0);
  });

  it("grants and revokes admin rights, each step audited, with immediate effect", async () => {
    const colleague = await createUser(backend);
    const granted = asResponse(await change("grant", colleague.id));
    expect(granted).toHaveRedirect("/admin/people");
    await expect(granted).toSendToast({ title: "Admin rights granted" });
    expect((await storedUser(backend, colleague.id)).app_metadata.is_admin).toBe(true);
    const cookie = await signInCookie(colleague.email, colleague.password);
    const opened = await settle(() => overview.loader(routeArgs("/admin", { cookie }).args));
    expect(opened).not.toBeInstanceOf(Response);

    const revoked = asResponse(await change("revoke", colleague.id));
    await expect(revoked).toSendToast({ title: "Admin rights revoked" });
    expect((await storedUser(backend, colleague.id)).app_metadata.is_admin).toBe(false);
    // The colleague's session still holds a token minted while they were admin: refused anyway.
    const after = asResponse(
      await settle(() => overview.loader(routeArgs("/admin", { cookie }).args)),
    );
    expect(after).toHaveRedirect("/");
    const { data: rows } = await (await signedInClient(backend, colleague))
      .from("contact_messages")
      .select("id");
    expect(rows ?? []).toEqual([]);

    const { data: audit } = await serviceClient(backend)
      .from("audit_log")
      .select("actor_id, action, summary")
      .eq("target_id", colleague.id)
      .order("id");
    expect(audit).toEqual([
      { actor_id: adminId, action: "admin.granted", summary: colleague.email },
      { actor_id: adminId, action: "admin.revoked", summary: colleague.email },
    ]);
  });

  it("refuses to revoke your own rights and keeps at least one admin", async () => {
    const self = asData(await change("revoke", adminId));
    expect(self.status).toBe(409);
    expect(self.data.toast?.title).toBe("You cannot revoke your own admin rights.");
    expect((await storedUser(backend, adminId)).app_metadata.is_admin).toBe(true);

    // Two admins revoking each other at once: one wins, one admin remains.
    const other = await createUser(backend, { appMetadata: { is_admin: true } });
    const otherCookie = await signInCookie(other.email, other.password);
    const answers = await Promise.all([
      change("revoke", other.id),
      change("revoke", adminId, otherCookie),
    ]);
    const admins = [
      (await storedUser(backend, adminId)).app_metadata.is_admin,
      (await storedUser(backend, other.id)).app_metadata.is_admin,
    ].filter(Boolean);
    expect(admins).toHaveLength(1);
    expect(
      answers.filter((a) => a instanceof Response && a.headers.get("Location") === "/admin/people"),
    ).toHaveLength(1);
    if (!(await storedUser(backend, adminId)).app_metadata.is_admin) {
      await serviceClient(backend).auth.admin.updateUserById(adminId, {
        app_metadata: { is_admin: true },
      });
    }
  });

  it("answers an unknown account with 404 and a malformed one with 400", async () => {
    expect(asData(await change("grant", "00000000-0000-4000-8000-000000000999")).status).toBe(404);
    expect(asData(await change("grant", "not-a-uuid")).status).toBe(400);
  });

  it("lets nobody but an admin call the account functions through REST", async () => {
    const user = await createUser(backend);
    const own = await signedInClient(backend, user);
    const listing = await own.rpc("admin_list_people", {});
    expect(listing.error?.code).toBe("42501");
    const promote = await own.rpc("admin_set_admin", { p_user_id: user.id, p_is_admin: true });
    expect(promote.error?.code).toBe("42501");
    expect((await storedUser(backend, user.id)).app_metadata.is_admin).toBeUndefined();
    const anon = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
    const anonymous = await anon.rpc("admin_set_admin", { p_user_id: user.id, p_is_admin: true });
    expect(anonymous.error).not.toBeNull();
    const { data } = await (await signedInClient(backend, backend.admin)).rpc("admin_list_people", {
      p_search: user.email,
    });
    expect(data).toHaveLength(1);
  });
});
