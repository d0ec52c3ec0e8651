/** Auto-confirm mode and the service-role admin API. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ autoconfirm: true });
});
afterAll(() => backend?.close());

describe("autoconfirm", () => {
  it("returns a session on sign-up and rejects a duplicate", async () => {
    const email = uniqueEmail("auto");
    const first = await anonClient(backend).auth.signUp({ email, password: "auto-pass-1" });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token).toBeTruthy();
    expect(first.data.user?.email_confirmed_at).toBeTruthy();
    expect(await backend.mailbox.latestTo(email)).toBeUndefined();

    const duplicate = await anonClient(backend).auth.signUp({ email, password: "auto-pass-1" });
    expect(duplicate.error?.message).toBe("User already registered");
    expect(duplicate.error?.code).toBe("user_already_exists");
    expect(duplicate.error?.status).toBe(422);
  });
});

describe("admin API (service role)", () => {
  it("creates, reads, updates, lists and deletes users", async () => {
    const admin = serviceClient(backend).auth.admin;
    const email = uniqueEmail("managed");
    const created = await admin.createUser({
      email,
      password: "managed-1",
      email_confirm: true,
      user_metadata: { full_name: "Managed", keep: 1 },
      app_metadata: { plan: "pro" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? "";
    expect(created.data.user?.app_metadata).toEqual({
      provider: "email",
      providers: ["email"],
      plan: "pro",
    });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email, password: "managed-1" });
    expect(duplicate.error?.code).toBe("email_exists");
    expect(duplicate.error?.status).toBe(422);

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, {
      user_metadata: { full_name: null, city: "Mombasa" },
      app_metadata: { is_admin: true },
    });
    expect(updated.data.user?.user_metadata).toEqual({
      keep: 1,
      email_verified: true,
      city: "Mombasa",
    });
    expect(updated.data.user?.app_metadata.is_admin).toBe(true);
    const weak = await admin.updateUserById(id, { password: "123" });
    expect(weak.error?.code).toBe("weak_password");

    const signIn = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "managed-1",
    });
    expect(signIn.data.user?.app_metadata.is_admin).toBe(true);

    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect(page.data).toMatchObject({ nextPage: 2 });
    expect("total" in page.data && page.data.total).toBeGreaterThanOrEqual(2);
    const all = await admin.listUsers();
    expect(all.data.users.map((user) => user.email)).toContain(backend.admin.email);

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe("user_not_found");
  });

  it("invites a user by e-mail", async () => {
    const email = uniqueEmail("invited");
    const invited = await serviceClient(backend).auth.admin.inviteUserByEmail(email, {
      redirectTo: "http://localhost:3000/set-password",
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const mail = await backend.mailbox.latestTo(email);
    const link = new URL(mail?.links[0] ?? "");
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("next")).toBe("/set-password");
    const verified = await anonClient(backend).auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash") ?? "",
      type: "invite",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });
});
