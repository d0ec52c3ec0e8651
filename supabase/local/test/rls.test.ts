/** Row level security from the migrations, enforced per request role. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;
let draftId: number;

beforeAll(async () => {
  backend = await startTestBackend();
  const draft = await serviceClient(backend)
    .from("posts")
    .insert({ title: "Secret draft", published: false })
    .select("id")
    .single();
  draftId = draft.data?.id as number;
});
afterAll(() => backend?.close());

describe("posts", () => {
  it("hides drafts from visitors and signed-in users", async () => {
    const anon = await anonClient(backend).from("posts").select("id").eq("id", draftId);
    expect(anon.data).toEqual([]);
    const { client } = await signedInClient(backend);
    const user = await client.from("posts").select("id", { count: "exact" });
    expect(user.count).toBe(8);
    const service = await serviceClient(backend).from("posts").select("id").eq("id", draftId);
    expect(service.data).toEqual([{ id: draftId }]);
  });

  it("refuses post writes by visitors and non-admin users", async () => {
    const visitor = await anonClient(backend).from("posts").insert({ title: "Spam" });
    expect(visitor.status).toBe(401);
    expect(visitor.error?.code).toBe("42501");

    const { client } = await signedInClient(backend);
    // user_metadata is user-editable and must not grant anything.
    await client.auth.updateUser({ data: { is_admin: true } });
    await client.auth.refreshSession();
    const insert = await client.from("posts").insert({ title: "Not allowed" });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe("42501");
    expect(insert.error?.message).toBe(
      'new row violates row-level security policy for table "posts"',
    );

    const update = await client.from("posts").update({ title: "Hacked" }).eq("id", 1).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const remove = await client.from("posts").delete().eq("id", 1).select();
    expect(remove.data).toEqual([]);
    const still = await anonClient(backend).from("posts").select("title").eq("id", 1).single();
    expect(still.data?.title).toBe("Why Every Kenyan Business Needs a Website in 2026");
  });

  it("lets an admin (app_metadata.is_admin) manage posts", async () => {
    const { client: promoted } = await signedInClient(backend, { appMetadata: { is_admin: true } });
    const drafts = await promoted.from("posts").select("id").eq("published", false);
    expect(drafts.data).toEqual([{ id: draftId }]);

    const created = await promoted
      .from("posts")
      .insert({ title: "Admin post", published: true, tags: ["news"] })
      .select("id,title")
      .single();
    expect(created.error).toBeNull();
    const id = created.data?.id as number;
    const renamed = await promoted
      .from("posts")
      .update({ title: "Renamed" })
      .eq("id", id)
      .select("title");
    expect(renamed.data).toEqual([{ title: "Renamed" }]);
    const removed = await promoted.from("posts").delete().eq("id", id).select("id");
    expect(removed.data).toEqual([{ id }]);

    const builtIn = anonClient(backend);
    await builtIn.auth.signInWithPassword(backend.admin);
    const seeded = await builtIn.from("posts").select("id").eq("id", draftId);
    expect(seeded.data).toEqual([{ id: draftId }]);
  });
});

describe("contact messages", () => {
  const message = { name: "Visitor", email: "v@example.com", message: "Hello, I need a website." };

  it("accepts anonymous messages without user_id and hides them from everyone but the service role", async () => {
    const anon = anonClient(backend);
    expect((await anon.from("contact_messages").insert(message)).status).toBe(201);
    const forged = await anon
      .from("contact_messages")
      .insert({ ...message, user_id: "00000000-0000-0000-0000-000000000001" });
    expect(forged.status).toBe(401);
    expect(forged.error?.code).toBe("42501");
    const read = await anon.from("contact_messages").select("*");
    expect(read.status).toBe(401);
    expect(read.error?.code).toBe("42501");
    const returning = await anon.from("contact_messages").insert(message).select();
    expect(returning.error?.code).toBe("42501");
  });

  it("lets users send as themselves and read only their own messages", async () => {
    const alice = await signedInClient(backend, { email: uniqueEmail("alice") });
    const bob = await signedInClient(backend, { email: uniqueEmail("bob") });
    const own = await alice.client
      .from("contact_messages")
      .insert({ ...message, user_id: alice.userId })
      .select("user_id")
      .single();
    expect(own.data).toEqual({ user_id: alice.userId });
    const impersonate = await alice.client
      .from("contact_messages")
      .insert({ ...message, user_id: bob.userId });
    expect(impersonate.status).toBe(403);
    expect(impersonate.error?.code).toBe("42501");
    await bob.client.from("contact_messages").insert({ ...message, user_id: bob.userId });

    const aliceRows = await alice.client.from("contact_messages").select("user_id");
    expect(aliceRows.data).toEqual([{ user_id: alice.userId }]);
    const bobRows = await bob.client.from("contact_messages").select("user_id");
    expect(bobRows.data).toEqual([{ user_id: bob.userId }]);
    const all = await serviceClient(backend)
      .from("contact_messages")
      .select("id", { count: "exact" });
    expect(all.count).toBe(3);
  });
});

describe("newsletter", () => {
  it("is insert-only for visitors and users (only admins read it)", async () => {
    const anon = anonClient(backend);
    expect(
      (await anon.from("newsletter_subscribers").insert({ email: "news@example.com" })).status,
    ).toBe(201);
    const again = await anon.from("newsletter_subscribers").insert({ email: "News@Example.com" });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("23505");
    const read = await anon.from("newsletter_subscribers").select("email");
    expect(read.error?.code).toBe("42501");
    const { client } = await signedInClient(backend);
    // Signed-in users may select (admins read the list), but RLS shows them no row.
    const users = await client.from("newsletter_subscribers").select("email");
    expect(users.error).toBeNull();
    expect(users.data).toEqual([]);
    const service = await serviceClient(backend).from("newsletter_subscribers").select("email");
    expect(service.data).toEqual([{ email: "news@example.com" }]);
  });
});
