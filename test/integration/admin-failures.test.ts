import type { TestBackend } from "@jenga/supabase-local/testing";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin/post-edit";
import * as createRoute from "~/routes/admin/post-new";
import * as listRoute from "~/routes/admin/posts-list";
import { asData, settle } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, postRouteArgs, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const edit = routed(editRoute);
const create = routed(createRoute);
const list = routed(listRoute);

let backend: TestBackend;
let admin: string;
const mock = setupServer();

beforeAll(async () => {
  // Listen first: a keep-alive connection opened before interception would bypass the mocks.
  mock.listen({ onUnhandledFrame: "bypass" });
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterEach(() => mock.resetHandlers());
afterAll(async () => {
  mock.close();
  await backend.close();
});

/** The posts table answers a PostgREST error (auth keeps working, so the guard passes). */
function postsFail(mode: "500" | "network") {
  mock.use(
    http.all(`${backend.url}/rest/v1/posts`, () =>
      mode === "network"
        ? HttpResponse.error()
        : HttpResponse.json(
            { code: "XX000", message: "posts table is on fire", details: null, hint: null },
            { status: 500 },
          ),
    ),
  );
}

type EditorData = {
  toast?: { type: string; title: string; description?: string };
  result?: { initialValue?: Record<string, string> };
};

describe("backend failures", () => {
  it("shows the list's load error instead of the posts", async () => {
    postsFail("500");
    const { args } = routeArgs("/admin/posts", { cookie: admin });
    const result = (await list.loader(args)) as Awaited<ReturnType<typeof list.loader>>;
    expect(result).toEqual({ posts: [], error: "posts table is on fire" });
  });

  it.each(["500", "network"] as const)(
    "answers a failed save (%s) with a toast carrying the message, and keeps the input",
    async (mode) => {
      postsFail(mode);
      const fields = { title: "Unsaved work", content: "<p>keep me</p>", tags: "a, b" };
      const { args } = routeArgs("/admin/posts/new", { ...formPost(fields), cookie: admin });
      const { data, status } = asData<EditorData>(await settle(() => create.action(args)));
      expect(status).toBe(502);
      expect(data.toast).toMatchObject({ type: "error", title: "Could not save the post" });
      if (mode === "500") expect(data.toast?.description).toBe("posts table is on fire");
      else expect(data.toast?.description).toMatch(/fetch failed/i);
      expect(data.result?.initialValue).toMatchObject(fields);
      mock.resetHandlers();
      const { data: rows } = await serviceClient(backend)
        .from("posts")
        .select("id")
        .eq("title", "Unsaved work");
      expect(rows).toEqual([]);
    },
  );

  it("answers a failed edit or delete with a toast, not an error page", async () => {
    postsFail("500");
    const { args } = postRouteArgs("/admin/posts/1", "1", {
      ...formPost({ title: "Edited" }),
      cookie: admin,
    });
    const saved = asData<EditorData>(await settle(() => edit.action(args)));
    expect(saved.status).toBe(502);
    expect(saved.data.toast?.description).toBe("posts table is on fire");
    expect(saved.data.result?.initialValue?.title).toBe("Edited");

    const del = postRouteArgs("/admin/posts/1?delete=1", "1", {
      ...formPost({ intent: "delete" }),
      cookie: admin,
    });
    const deleted = asData<EditorData>(await settle(() => edit.action(del.args)));
    expect(deleted.status).toBe(502);
    expect(deleted.data.toast).toMatchObject({
      title: "Could not delete the post",
      description: "posts table is on fire",
    });
  });

  it("answers a malformed body with 400", async () => {
    const { args } = routeArgs("/admin/posts/new", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
      cookie: admin,
    });
    expect(asData(await settle(() => create.action(args))).status).toBe(400);
  });
});
