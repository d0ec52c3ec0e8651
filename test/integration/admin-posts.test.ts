import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin/post-edit";
import * as createRoute from "~/routes/admin/post-new";
import * as listRoute from "~/routes/admin/posts-list";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, postRouteArgs, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const edit = routed(editRoute);
const create = routed(createRoute);
const list = routed(listRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

const validPost = {
  title: "  Launch   checklist ",
  excerpt: "What to check before going live.",
  content: "<h2>Before</h2><p>Test <strong>everything</strong>.</p><script>alert(1)</script>",
  cover_image: "/images/blog/launch.svg",
  categories: "Web Development, , Business, web development ",
  tags: "launch,seo , launch,",
};

async function createPost(fields: Record<string, string>) {
  const { args, contentChanges } = routeArgs("/admin/posts/new", {
    ...formPost(fields),
    cookie: admin,
  });
  const response = asResponse(await settle(() => create.action(args)));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/posts");
  const { data } = await serviceClient(backend)
    .from("posts")
    .select("*")
    .order("id", { ascending: false })
    .limit(1)
    .single();
  return { response, contentChanges, row: data as Record<string, unknown> & { id: number } };
}

async function editAction(id: number | string, fields: Record<string, string>, cookie = admin) {
  const path = `/admin/posts/${id}`;
  const { args } = postRouteArgs(path, String(id), { ...formPost(fields), cookie });
  return settle(() => edit.action(args));
}

async function storedPost(id: number) {
  const { data } = await serviceClient(backend)
    .from("posts")
    .select("*")
    .eq("id", id)
    .maybeSingle();
  return data as Record<string, unknown> | null;
}

describe("admin post list", () => {
  it("lists every post, drafts included, newest created first", async () => {
    const { row: draft } = await createPost({ title: "Unlisted draft" });
    const { args } = routeArgs("/admin/posts", { cookie: admin });
    const result = (await list.loader(args)) as Awaited<ReturnType<typeof list.loader>>;
    expect(result.error).toBeNull();
    expect(result.posts[0]).toMatchObject({
      id: draft.id,
      title: "Unlisted draft",
      published: false,
    });
    expect(result.posts.map((p) => p.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    const created = result.posts.map((p) => Date.parse(p.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(Object.keys(result.posts[0] ?? {}).sort()).toEqual(
      ["created_at", "id", "published", "published_at", "title"].sort(),
    );
  });
});

describe("creating a post", () => {
  it("stores sanitized, normalised fields and redirects with a toast saying it is published", async () => {
    const { response, row, contentChanges } = await createPost({ ...validPost, published: "on" });

    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Published: on the blog now",
    });
    expect(contentChanges).toEqual([{ kind: "posts" }]);
    expect(row).toMatchObject({
      title: "Launch checklist",
      excerpt: "What to check before going live.",
      content: "<h2>Before</h2><p>Test <strong>everything</strong>.</p>",
      cover_image: "/images/blog/launch.svg",
      // Stored by key: the names of existing categories and tags (any case), a new one added.
      categories: ["web-development", "business"],
      tags: ["launch", "seo"],
      published: true,
      read_time: "1 min",
      author_name: "Administrator",
      author_avatar: null,
    });
    expect(Date.now() - Date.parse(String(row.published_at))).toBeLessThan(60_000);
  });

  it("keeps an unticked post as a draft without a publication date", async () => {
    const { row } = await createPost({ title: "Draft only", content: "<p>x</p>" });
    expect(row).toMatchObject({ published: false, published_at: null, cover_image: null });
  });

  it("computes the read time from the words of the content", async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ");
    const { row } = await createPost({ title: "Long read", content: `<p>${words}</p>` });
    expect(row.read_time).toBe("3 min");
  });

  const coverError = "Cover image must be an http(s) URL or a site path starting with /";
  it.each<[string, Record<string, string>, string, string]>([
    ["an empty title", { title: "" }, "title", "Title is required"],
    ["a blank title", { title: "   " }, "title", "Title is required"],
    [
      "a 201-character title",
      { title: "t".repeat(201) },
      "title",
      "Title must be at most 200 characters",
    ],
    [
      "a 501-character excerpt",
      { title: "ok", excerpt: "e".repeat(501) },
      "excerpt",
      "Excerpt must be at most 500 characters",
    ],
    [
      "content over 200 KB",
      { title: "ok", content: "x".repeat(200 * 1024 + 1) },
      "content",
      "Content must be at most 200 KB",
    ],
    [
      "content over 200 KB once escaped",
      { title: "ok", content: "<".repeat(60 * 1024) },
      "content",
      "Content must be at most 200 KB",
    ],
    [
      "a javascript: cover image",
      { title: "ok", cover_image: "javascript:alert(1)" },
      "cover_image",
      coverError,
    ],
    [
      "a protocol-relative cover image",
      { title: "ok", cover_image: "//evil.example/x.png" },
      "cover_image",
      coverError,
    ],
    [
      "a data: cover image",
      { title: "ok", cover_image: "data:image/png;base64,AAAA" },
      "cover_image",
      coverError,
    ],
    [
      "21 tags",
      { title: "ok", tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") },
      "tags",
      "At most 20 tags are allowed",
    ],
  ])(
    "answers 400 with a message under the field for %s",
    async (_label, fields, field, message) => {
      const count = async () =>
        (await serviceClient(backend).from("posts").select("id", { count: "exact", head: true }))
          .count;
      const before = await count();
      const { args } = routeArgs("/admin/posts/new", { ...formPost(fields), cookie: admin });
      const { data, status } = asData<{
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      }>(await settle(() => create.action(args)));
      expect(status).toBe(400);
      expect(data.result.error[field]).toEqual([message]);
      expect(data.result.initialValue.title).toBe(fields.title || undefined);
      expect(await count()).toBe(before);
    },
  );

  it("accepts an absolute https cover image", async () => {
    const { row } = await createPost({
      title: "Remote cover",
      cover_image: "https://cdn.example.com/a.png",
    });
    expect(row.cover_image).toBe("https://cdn.example.com/a.png");
  });

  it("previews the sanitized HTML without saving and echoes the typed values", async () => {
    const fields = {
      intent: "preview",
      title: "Not saved",
      content: '<p onclick="x()">Hi<img src=x onerror=alert(1)></p>',
      published: "on",
    };
    const { args } = routeArgs("/admin/posts/new", { ...formPost(fields), cookie: admin });
    const { data, status } = asData<{
      preview: string;
      result: { initialValue: Record<string, string> };
    }>(await settle(() => create.action(args)));
    expect(status).toBe(200);
    expect(data.preview).toBe("<p>Hi</p>");
    expect(data.result.initialValue).toMatchObject({ title: "Not saved", published: "on" });
    const { data: rows } = await serviceClient(backend)
      .from("posts")
      .select("id")
      .eq("title", "Not saved");
    expect(rows).toEqual([]);
  });
});

describe("editing a post", () => {
  it("loads the existing post for the form, with its sanitized preview", async () => {
    const { row } = await createPost({ ...validPost, published: "on" });
    const { args } = postRouteArgs(`/admin/posts/${row.id}`, String(row.id), { cookie: admin });
    const result = await edit.loader(args);
    expect(result.post).toMatchObject({
      id: row.id,
      title: "Launch checklist",
      excerpt: validPost.excerpt,
      categories: ["Web Development", "Business"],
      tags: ["launch", "seo"],
      published: true,
    });
    expect(result.preview).toBe(row.content);
    expect(result.confirmDelete).toBe(false);
  });

  it.each(["999999", "abc", "0", "1.5", "-1"])("answers 404 for the post id %s", async (id) => {
    const { args } = postRouteArgs(`/admin/posts/${id}`, id, { cookie: admin });
    expect(asData(await settle(() => edit.loader(args))).status).toBe(404);
    expect(asData(await editAction(id, { title: "x" })).status).toBe(404);
  });

  it("publishes once, keeps the first publication date, and unpublishes to a draft", async () => {
    const { row } = await createPost({ title: "Lifecycle", content: "<p>one</p>" });
    expect(row.published_at).toBeNull();

    const published = asResponse(
      await editAction(row.id, { title: "Lifecycle", content: "<p>two</p>", published: "on" }),
    );
    expect(published.headers.get("Location")).toBe("/admin/posts");
    expect(await toastOf(published)).toMatchObject({ title: "Published: on the blog now" });
    const first = await storedPost(row.id);
    expect(first).toMatchObject({ published: true, content: "<p>two</p>" });
    expect(first?.published_at).not.toBeNull();

    const unpublished = asResponse(await editAction(row.id, { title: "Lifecycle v2" }));
    expect(await toastOf(unpublished)).toMatchObject({
      title: "Saved as a draft: no longer on the blog",
    });
    const draft = await storedPost(row.id);
    expect(draft).toMatchObject({
      title: "Lifecycle v2",
      published: false,
      published_at: first?.published_at,
    });

    const again = asResponse(await editAction(row.id, { title: "Lifecycle v3", published: "on" }));
    expect(await toastOf(again)).toMatchObject({ title: "Published: on the blog now" });
    const edited = asResponse(await editAction(row.id, { title: "Lifecycle v4", published: "on" }));
    expect(await toastOf(edited)).toMatchObject({ title: "Saved: on the blog now" });
    expect(await storedPost(row.id)).toMatchObject({
      published: true,
      published_at: first?.published_at,
    });
  });

  it("re-validates on edit and keeps the typed values", async () => {
    const { row } = await createPost({ title: "Keep me" });
    const { data, status } = asData<{
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(await editAction(row.id, { title: "", excerpt: "typed excerpt" }));
    expect(status).toBe(400);
    expect(data.result.error.title).toEqual(["Title is required"]);
    expect(data.result.initialValue.excerpt).toBe("typed excerpt");
    expect(await storedPost(row.id)).toMatchObject({ title: "Keep me" });
  });

  it("sets the author from the editing admin's profile", async () => {
    const { row } = await createPost({ title: "Authored" });
    await serviceClient(backend).auth.admin.updateUserById(
      (await serviceClient(backend).auth.admin.listUsers()).data.users.find(
        (u) => u.email === backend.admin.email,
      )!.id,
      { user_metadata: { full_name: "Wanjiru Kamau", avatar_url: "/images/team/wanjiru.svg" } },
    );
    const cookie = await signInCookie(backend.admin.email, backend.admin.password);
    asResponse(await editAction(row.id, { title: "Authored" }, cookie));
    expect(await storedPost(row.id)).toMatchObject({
      author_name: "Wanjiru Kamau",
      author_avatar: "/images/team/wanjiru.svg",
    });
  });
});

describe("deleting a post", () => {
  it("shows a confirmation step, then deletes on the confirming POST", async () => {
    const { row } = await createPost({ title: "Doomed", published: "on" });
    const path = `/admin/posts/${row.id}?delete=1`;
    const { args } = postRouteArgs(path, String(row.id), { cookie: admin });
    expect((await edit.loader(args)).confirmDelete).toBe(true);
    expect(await storedPost(row.id)).not.toBeNull();

    const response = asResponse(await editAction(row.id, { intent: "delete" }));
    expect(response.headers.get("Location")).toBe("/admin/posts");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Post deleted" });
    expect(await storedPost(row.id)).toBeNull();
    expect(asData(await editAction(row.id, { intent: "delete" })).status).toBe(404);
  });
});
