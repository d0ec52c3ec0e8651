import { routed } from "../support/routed";
/**
 * Every loader and action of the site editors, for every kind, as each role: anonymous
 * visitors go to the login page (coming back afterwards), signed-in users without admin rights
 * go home with an info toast, and neither changes a thing — nor reads a byte of an upload.
 * The admin gets the page.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KindSpec } from "~/domain/site/editor/fields";
import * as editRoute from "~/routes/admin/site-edit";
import * as historyRoute from "~/routes/admin/site-history";
import * as listRoute from "~/routes/admin/site-list";
import { asResponse, settle, toastOf } from "../support/answers";
import { createUser, serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { KIND_LIST, validForm } from "../support/site-forms";

const edit = routed(editRoute);
const history = routed(historyRoute);
const list = routed(listRoute);

let backend: TestBackend;
const ids = new Map<string, string>();
let revision = "";

beforeAll(async () => {
  backend = await startAppBackend();
  const db = serviceClient(backend);
  for (const kind of KIND_LIST) {
    if (kind.ids !== "number") continue;
    const { data } = await db.from(kind.entity).select("id").order("id").limit(1);
    ids.set(kind.name, String(((data ?? [])[0] as { id: number }).id));
  }
  const { data } = await db
    .from("content_revisions")
    .select("id")
    .eq("entity", "services")
    .eq("entity_id", "1")
    .limit(1);
  revision = String(((data ?? [])[0] as { id: number }).id);
});
afterAll(() => backend.close());

type Run = () => unknown;

/** Every entry point of one kind's editors: [name, path, run]. */
function entryPoints(kind: KindSpec, cookie?: string): [string, string, Run][] {
  const id =
    kind.ids === "settings"
      ? "site"
      : kind.ids === "legal"
        ? "privacy"
        : (ids.get(kind.name) ?? "1");
  const at = (path: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
    routeArgs(path, { ...init, cookie, params }).args as never;
  const item = kind.ids === "settings" ? "/admin/settings" : `/admin/${kind.name}/${id}`;
  const params: Record<string, string> = kind.ids === "settings" ? {} : { id };
  const points: [string, string, Run][] = [
    [`GET ${item}`, item, () => edit.loader(at(item, {}, params))],
    [
      `POST ${item} (save)`,
      item,
      () => edit.action(at(item, formPost(validForm(kind, { version: "1" })), params)),
    ],
    [
      `POST ${item} (delete)`,
      item,
      () => edit.action(at(item, formPost({ intent: "delete" }), params)),
    ],
    [
      `GET ${item}/history`,
      `${item}/history`,
      () => history.loader(at(`${item}/history`, {}, params)),
    ],
    [
      `POST ${item}/history (restore)`,
      `${item}/history`,
      () =>
        history.action(at(`${item}/history`, formPost({ intent: "restore", revision }), params)),
    ],
  ];
  if (kind.ids !== "settings") {
    const path = `/admin/${kind.name}`;
    points.push(
      [`GET ${path}`, path, () => list.loader(at(path))],
      [
        `POST ${path} (move)`,
        path,
        () => list.action(at(path, formPost({ intent: "move", id, direction: "down" }))),
      ],
      [`POST ${path} (hide)`, path, () => list.action(at(path, formPost({ intent: "hide", id })))],
      [
        `POST ${path} (delete)`,
        path,
        () => list.action(at(path, formPost({ intent: "delete", id }))),
      ],
    );
  }
  if (kind.can.create) {
    const path = `/admin/${kind.name}/new`;
    points.push(
      [`GET ${path}`, path, () => edit.loader(at(path))],
      [`POST ${path}`, path, () => edit.action(at(path, formPost(validForm(kind))))],
    );
  }
  return points;
}

const POST_HISTORY = "/admin/posts/1/history";
const postPoints = (cookie?: string): [string, string, Run][] => [
  [
    `GET ${POST_HISTORY}`,
    POST_HISTORY,
    () => history.loader(routeArgs(POST_HISTORY, { cookie, params: { id: "1" } }).args as never),
  ],
  [
    `POST ${POST_HISTORY}`,
    POST_HISTORY,
    () =>
      history.action(
        routeArgs(POST_HISTORY, {
          ...formPost({ intent: "restore", revision }),
          cookie,
          params: { id: "1" },
        }).args as never,
      ),
  ],
];

/** The whole site content and its history, as the service role reads it. */
async function snapshot() {
  const db = serviceClient(backend);
  const tables = [...KIND_LIST.map((k) => k.entity), "content_revisions", "posts"];
  const rows = await Promise.all(
    tables.map(async (t) => (await db.from(t).select("*").order("id")).data),
  );
  return JSON.stringify(rows);
}

describe("the site editors' guard", () => {
  it.each(KIND_LIST.map((k) => [k.name, k] as const))(
    "sends anonymous visitors of every %s page and action to the login page, changing nothing",
    async (_name, kind) => {
      const before = await snapshot();
      for (const [name, path, run] of [...entryPoints(kind), ...postPoints()]) {
        const response = asResponse(await settle(run));
        expect(response.status, name).toBe(302);
        expect(response.headers.get("Location"), name).toBe(
          `/login?redirectTo=${encodeURIComponent(path)}`,
        );
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(KIND_LIST.map((k) => [k.name, k] as const))(
    "sends signed-in users without admin rights home from every %s page and action, changing nothing",
    async (_name, kind) => {
      // user_metadata says admin: only app_metadata counts.
      const user = await createUser(backend, { metadata: { is_admin: true, onboarded: true } });
      const cookie = await signInCookie(user.email, user.password);
      const before = await snapshot();
      for (const [name, , run] of [...entryPoints(kind, cookie), ...postPoints(cookie)]) {
        const response = asResponse(await settle(run));
        expect(response.headers.get("Location"), name).toBe("/");
        expect(await toastOf(response), name).toMatchObject({ type: "info" });
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(KIND_LIST.map((k) => [k.name, k] as const))(
    "lets the admin open every %s page",
    async (_name, kind) => {
      const cookie = await signInCookie(backend.admin.email, backend.admin.password);
      for (const [name, , run] of entryPoints(kind, cookie).filter(([n]) => n.startsWith("GET"))) {
        const page = (await settle(run)) as { kind?: string; revisions?: unknown[] };
        expect(page instanceof Response, name).toBe(false);
        expect(page.kind ?? page.revisions, name).toBeTruthy();
      }
    },
  );

  it("never reads an anonymous upload to an image editor (the guard answers first)", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 100) controller.close();
      },
    });
    const { args } = routeArgs("/admin/services/new", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const response = asResponse(await settle(() => edit.action(args as never)));
    expect(response.status).toBe(302);
    expect(pulled).toBeLessThanOrEqual(1);
  });
});
