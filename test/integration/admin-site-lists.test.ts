import { routed } from "../support/routed";
/**
 * The site editors' list pages: order (Move up / Move down through rpc admin_reorder_content),
 * Publish / Hide and Delete after its confirmation step — what the admin sees, what the
 * database holds, and that forged ids and buttons change nothing.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KindSpec } from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { english, translate } from "~/i18n/translate.server";
import * as listRoute from "~/routes/admin/site-list";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { KIND_LIST } from "../support/site-forms";

const list = routed(listRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

const db = () => serviceClient(backend);

type ListPage = {
  items: {
    id: string;
    name: string;
    published: boolean;
    done: string[];
    missing: string[];
    canMoveUp: boolean;
    canMoveDown: boolean;
  }[];
  confirmDelete: { id: string } | null;
  title: string;
};

async function page(kind: KindSpec, query = "", cookie = admin): Promise<ListPage> {
  const { args } = routeArgs(`/admin/${kind.name}${query}`, { cookie });
  return (await list.loader(args as never)) as unknown as ListPage;
}

async function act(kind: KindSpec, fields: Record<string, string>) {
  const { args, contentChanges } = routeArgs(`/admin/${kind.name}`, {
    ...formPost(fields),
    cookie: admin,
  });
  return { answer: await settle(() => list.action(args as never)), contentChanges };
}

async function order(kind: KindSpec): Promise<string[]> {
  let query = db().from(kind.entity).select("id");
  for (const column of kind.order) query = query.order(column);
  return ((await query).data ?? []).map((row) => String((row as { id: number }).id));
}

describe("the list page", () => {
  it.each(KIND_LIST.filter((k) => k.ids !== "settings").map((k) => [k.name, k] as const))(
    "lists every %s in the public order, drafts included, with status and translation state",
    async (_name, kind) => {
      const shown = await page(kind);
      expect(shown.items.map((i) => i.id)).toEqual(await order(kind));
      expect(shown.items.length).toBeGreaterThan(0);
      for (const item of shown.items) {
        expect(item.done).toContain("en");
        expect([...item.done, ...item.missing].sort()).toEqual(["en", "fr", "sw"]);
      }
    },
  );

  it("counts a missing Kiswahili text against the item's languages", async () => {
    const kind = KINDS.team;
    const [first] = await order(kind);
    const { data } = await db().from("team_members").select("bio").eq("id", first).single();
    const bio = (data as { bio: Record<string, string> }).bio;
    expect((await page(kind)).items.find((i) => i.id === first)).toMatchObject({
      done: ["en", "sw", "fr"],
      missing: [],
    });
    await db()
      .from("team_members")
      .update({ bio: { en: bio.en, fr: bio.fr } })
      .eq("id", first);
    expect((await page(kind)).items.find((i) => i.id === first)).toMatchObject({
      done: ["en", "fr"],
      missing: ["sw"],
    });
    await db().from("team_members").update({ bio }).eq("id", first);
  });

  it("is worded in the admin's language", async () => {
    const shown = await page(KINDS.team, "", `${admin}; lang=fr`);
    expect(shown.title).toBe(translate("fr", "siteEditor.kinds.team.title"));
  });
});

describe("reordering", () => {
  it("moves a team member down and up again: one POST each, order saved, no new version", async () => {
    const kind = KINDS.team;
    const before = await order(kind);
    const [first, second] = before;
    const { data: versions } = await db().from("team_members").select("id, version").order("id");
    const { answer, contentChanges } = await act(kind, {
      intent: "move",
      id: String(first),
      direction: "down",
    });
    const response = asResponse(answer);
    // The fragment names the control that keeps focus: the same Move down, still there.
    expect(response.headers.get("Location")).toBe(`/admin/team#item-${first}-down`);
    expect(await toastOf(response)).toMatchObject({ title: "Order saved" });
    expect(contentChanges).toEqual([{ kind: "site", entity: "team_members" }]);
    expect(await order(kind)).toEqual([second, first, ...before.slice(2)]);
    const { data: after } = await db().from("team_members").select("id, version").order("id");
    expect(after).toEqual(versions);
    const { data: audit } = await db()
      .from("audit_log")
      .select("action")
      .order("id", { ascending: false })
      .limit(1);
    expect(audit?.[0]?.action).toBe("team_members.reordered");
    const back = await act(kind, { intent: "move", id: String(first), direction: "up" });
    expect(await order(kind)).toEqual(before);
    // At the top its Move up is gone: focus goes to its Move down (issue 44 item 11).
    expect(asResponse(back.answer).headers.get("Location")).toBe(`/admin/team#item-${first}-down`);
  });

  it("leaves the first item first when moved up, and the last last when moved down", async () => {
    const kind = KINDS.services;
    const before = await order(kind);
    await act(kind, { intent: "move", id: before[0] ?? "", direction: "up" });
    await act(kind, { intent: "move", id: before.at(-1) ?? "", direction: "down" });
    expect(await order(kind)).toEqual(before);
    const shown = await page(kind);
    expect(shown.items[0]?.canMoveUp).toBe(false);
    expect(shown.items.at(-1)?.canMoveDown).toBe(false);
  });

  it("moves figures within their placement only", async () => {
    const kind = KINDS.figures;
    const { data } = await db()
      .from("site_figures")
      .select("id, placement")
      .order("placement")
      .order("position")
      .order("id");
    const rows = (data ?? []) as { id: number; placement: string }[];
    const lastOfFirst = rows.findIndex(
      (row, i) => rows[i + 1] && rows[i + 1]?.placement !== row.placement,
    );
    const before = await order(kind);
    await act(kind, { intent: "move", id: String(rows[lastOfFirst]?.id), direction: "down" });
    expect(await order(kind)).toEqual(before);
    const shown = await page(kind);
    expect(shown.items[lastOfFirst]?.canMoveDown).toBe(false);
  });
});

describe("publishing and hiding", () => {
  it("hides a published chat option and publishes it again, each a new version", async () => {
    const kind = KINDS.chat;
    const [id = ""] = await order(kind);
    const read = async () =>
      (await db().from("chat_options").select("published, version").eq("id", id).single()).data as {
        published: boolean;
        version: number;
      };
    const before = await read();
    const hidden = await act(kind, { intent: "hide", id });
    expect(await toastOf(asResponse(hidden.answer))).toMatchObject({
      title: "Hidden from the site",
    });
    expect(hidden.contentChanges).toEqual([{ kind: "site", entity: "chat_options" }]);
    expect(await read()).toEqual({ published: false, version: before.version + 1 });
    expect((await page(kind)).items.find((i) => i.id === id)?.published).toBe(false);
    const shown = await act(kind, { intent: "publish", id });
    expect(await toastOf(asResponse(shown.answer))).toMatchObject({ title: "Published" });
    expect(await read()).toEqual({ published: true, version: before.version + 2 });
  });
});

describe("deleting from the list", () => {
  it("asks first (?delete=id), then deletes on the confirming POST", async () => {
    const kind = KINDS.testimonials;
    const { data } = await db()
      .from("testimonials")
      .insert({ name: "To delete", quote: { en: "Gone soon" }, published: true })
      .select("id")
      .single();
    const id = String((data as { id: number }).id);
    expect((await page(kind, `?delete=${id}`)).confirmDelete?.id).toBe(id);
    expect((await page(kind, "?delete=999999")).confirmDelete).toBeNull();
    const { answer, contentChanges } = await act(kind, { intent: "delete", id });
    expect(await toastOf(asResponse(answer))).toMatchObject({ title: "Deleted" });
    expect(contentChanges).toEqual([{ kind: "site", entity: "testimonials" }]);
    const { count } = await db()
      .from("testimonials")
      .select("id", { count: "exact", head: true })
      .eq("id", id);
    expect(count).toBe(0);
  });
});

describe("forged list forms", () => {
  it("answers unknown ids with 404 and unknown buttons with 400, changing nothing", async () => {
    const kind = KINDS.services;
    const before = JSON.stringify((await db().from("services").select("*").order("id")).data);
    for (const id of ["0", "x", "999999", "1; drop table services", ""]) {
      for (const intent of ["move", "hide", "publish", "delete"]) {
        const { answer } = await act(kind, { intent, id, direction: "up" });
        expect(asData(answer).status, `${intent} ${id}`).toBe(404);
      }
    }
    const unknown = asData((await act(kind, { intent: "truncate", id: "1" })).answer);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ formError: english("siteEditor.errors.unknownAction") });
    const extra = asData((await act(kind, { intent: "hide", id: "1", published: "false" })).answer);
    expect(extra.status).toBe(400);
    expect(JSON.stringify((await db().from("services").select("*").order("id")).data)).toBe(before);
  });

  it("has no list actions for the legal pages", async () => {
    const kind = KINDS.legal;
    const before = JSON.stringify(
      (await db().from("legal_documents").select("*").order("id")).data,
    );
    for (const intent of ["move", "hide", "delete"]) {
      const { answer } = await act(kind, { intent, id: "privacy", direction: "up" });
      expect(asData(answer).status, intent).toBe(404);
    }
    expect(JSON.stringify((await db().from("legal_documents").select("*").order("id")).data)).toBe(
      before,
    );
  });
});
