import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin/post-edit";
import * as createRoute from "~/routes/admin/post-new";
import * as listRoute from "~/routes/admin/posts-list";
import { asResponse, settle, toastOf } from "../support/answers";
import { createUser, serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, postRouteArgs, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const edit = routed(editRoute);
const create = routed(createRoute);
const list = routed(listRoute);

let backend: TestBackend;
let draftId: number;

beforeAll(async () => {
  backend = await startAppBackend();
  const { data } = await serviceClient(backend)
    .from("posts")
    .insert({ title: "Secret draft", content: "<p>draft</p>", published: false })
    .select("id")
    .single();
  draftId = (data as { id: number }).id;
});
afterAll(() => backend.close());

const savePost = { title: "Sneaky", content: "<p>x</p>", published: "on" };

/** Every admin loader and action, called the way the router would. */
function adminEntryPoints(cookie?: string) {
  const id = String(draftId);
  const at = (path: string, init: RequestInit = {}) => routeArgs(path, { ...init, cookie }).args;
  const atPost = (path: string, init: RequestInit = {}) =>
    postRouteArgs(path, id, { ...init, cookie }).args;
  return [
    ["GET /admin/posts", "/admin/posts", () => list.loader(at("/admin/posts"))],
    ["GET /admin/posts/new", "/admin/posts/new", () => create.loader(at("/admin/posts/new"))],
    [
      "POST /admin/posts/new",
      "/admin/posts/new",
      () => create.action(at("/admin/posts/new", formPost(savePost))),
    ],
    ["GET /admin/posts/:id", `/admin/posts/${id}`, () => edit.loader(atPost(`/admin/posts/${id}`))],
    [
      "POST /admin/posts/:id (save)",
      `/admin/posts/${id}`,
      () => edit.action(atPost(`/admin/posts/${id}`, formPost(savePost))),
    ],
    [
      "POST /admin/posts/:id (delete)",
      `/admin/posts/${id}?delete=1`,
      () => edit.action(atPost(`/admin/posts/${id}?delete=1`, formPost({ intent: "delete" }))),
    ],
    [
      "POST /admin/posts/new (preview)",
      "/admin/posts/new",
      () =>
        create.action(at("/admin/posts/new", formPost({ intent: "preview", content: "<p>x</p>" }))),
    ],
  ] as const;
}

async function postsUnchanged() {
  const { data } = await serviceClient(backend).from("posts").select("id, title, published");
  const titles = (data ?? []).map((p) => p.title);
  expect(titles).not.toContain("Sneaky");
  expect(data).toContainEqual({ id: draftId, title: "Secret draft", published: false });
}

describe("admin guard on every loader and action", () => {
  it("sends anonymous visitors to the login page, coming back afterwards", async () => {
    for (const [name, path, run] of adminEntryPoints()) {
      const response = asResponse(await settle(run));
      expect(response.status, name).toBe(302);
      expect(response.headers.get("Location"), name).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    await postsUnchanged();
  });

  it("sends signed-in users without admin rights home with an info toast", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email, user.password);
    for (const [name, , run] of adminEntryPoints(cookie)) {
      const response = asResponse(await settle(run));
      expect(response.status, name).toBe(302);
      expect(response.headers.get("Location"), name).toBe("/");
      expect(await toastOf(response), name).toMatchObject({
        type: "info",
        title: "That page is for administrators only.",
      });
    }
    await postsUnchanged();
  });

  it("ignores a user-editable is_admin flag in user_metadata", async () => {
    const user = await createUser(backend, { metadata: { is_admin: true } });
    const cookie = await signInCookie(user.email, user.password);
    for (const [name, , run] of adminEntryPoints(cookie)) {
      const response = asResponse(await settle(run));
      expect(response.headers.get("Location"), name).toBe("/");
    }
    await postsUnchanged();
  });
});

describe("row level security on posts (REST API, no app in between)", () => {
  async function signedInClient(userMetadata?: Record<string, unknown>) {
    const user = await createUser(backend, { metadata: userMetadata });
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { error } = await client.auth.signInWithPassword(user);
    expect(error).toBeNull();
    return client;
  }

  async function expectWritesDenied(client: SupabaseClient) {
    const insert = await client
      .from("posts")
      .insert({ title: "Injected", published: true })
      .select();
    expect(insert.error?.code).toBe("42501");

    const update = await client.from("posts").update({ title: "Defaced" }).eq("id", 1).select();
    expect(update.data ?? []).toEqual([]);
    const del = await client.from("posts").delete().eq("id", 1).select();
    expect(del.data ?? []).toEqual([]);
    const draft = await client.from("posts").select("id").eq("id", draftId);
    expect(draft.data ?? []).toEqual([]);

    const { data: seeded } = await serviceClient(backend)
      .from("posts")
      .select("title")
      .eq("id", 1)
      .single();
    expect(seeded?.title).toBe("Why Every Kenyan Business Needs a Website in 2026");
    const injected = await serviceClient(backend)
      .from("posts")
      .select("id")
      .eq("title", "Injected");
    expect(injected.data).toEqual([]);
  }

  it("denies every write to an anonymous client", async () => {
    await expectWritesDenied(
      createClient(backend.url, backend.anonKey, { auth: { persistSession: false } }),
    );
  });

  it("denies every write to a signed-in non-admin, even one claiming is_admin in user_metadata", async () => {
    await expectWritesDenied(await signedInClient());
    const claimer = await signedInClient();
    const { error } = await claimer.auth.updateUser({ data: { is_admin: true } });
    expect(error).toBeNull();
    await claimer.auth.refreshSession();
    await expectWritesDenied(claimer);
  });

  it("lets the admin's own token write (the policies are not simply closed)", async () => {
    const client = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
    await client.auth.signInWithPassword(backend.admin);
    const insert = await client
      .from("posts")
      .insert({ title: "Admin via REST" })
      .select("id")
      .single();
    expect(insert.error).toBeNull();
    const del = await client.from("posts").delete().eq("id", insert.data?.id).select("id");
    expect(del.data).toHaveLength(1);
  });
});
