import { routed } from "../support/routed";
/**
 * History pages (/admin/{kind}/:id/history, /admin/settings/history, /admin/posts/:id/history):
 * every revision with who, when and what changed, and "Restore this version" through rpc
 * admin_restore_revision — for a changed item, a deleted one, the settings and a post.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RevisionView } from "~/domain/site/editor/history.server";
import { KINDS } from "~/domain/site/editor/kinds";
import { formatKes } from "~/i18n/format";
import { english, translate } from "~/i18n/translate.server";
import * as postEditRoute from "~/routes/admin/post-edit";
import * as editRoute from "~/routes/admin/site-edit";
import * as historyRoute from "~/routes/admin/site-history";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { validForm } from "../support/site-forms";

const postEdit = routed(postEditRoute);
const edit = routed(editRoute);
const history = routed(historyRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

const db = () => serviceClient(backend);

type HistoryPage = { revisions: RevisionView[]; confirmRestore: RevisionView | null; name: string };

async function historyOf(path: string, id?: string, cookie = admin): Promise<HistoryPage> {
  const { args } = routeArgs(path, { cookie, params: id ? { id } : {} });
  return (await history.loader(args as never)) as unknown as HistoryPage;
}

async function restore(path: string, revision: number | string, id?: string) {
  const { args, contentChanges } = routeArgs(path, {
    ...formPost({ intent: "restore", revision: String(revision) }),
    cookie: admin,
    params: id ? { id } : {},
  });
  return { answer: await settle(() => history.action(args as never)), contentChanges };
}

async function save(path: string, fields: Record<string, string>, id?: string) {
  const { args } = routeArgs(path, {
    ...formPost(fields),
    cookie: admin,
    params: id ? { id } : {},
  });
  const response = asResponse(await settle(() => edit.action(args as never)));
  expect(response.status).toBe(302);
}

const service = async (id: string) =>
  (await db().from("services").select("*").eq("id", id).maybeSingle()).data as Record<
    string,
    unknown
  > | null;

describe("a service's history", () => {
  it("shows who changed what, field by field and language by language, and restores a version", async () => {
    const id = "2";
    const path = `/admin/services/${id}/history`;
    const original = await service(id);
    const description = original?.description as Record<string, string>;
    // The admin changes the Kiswahili description and the price.
    await save(
      `/admin/services/${id}`,
      {
        ...formFromRow(original),
        version: String(original?.version),
        "description.sw": "Maelezo mapya ya huduma.",
        price_min: "75000",
      },
      id,
    );
    const page = await historyOf(path, id);
    const [latest, previous] = page.revisions;
    expect(latest).toMatchObject({
      operation: "update",
      who: backend.admin.email,
      current: true,
      version: (original?.version as number) + 1,
    });
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        {
          where: ["Short description", "Kiswahili"],
          before: description.sw,
          after: "Maelezo mapya ya huduma.",
        },
        {
          where: ["Price"],
          before: expect.stringContaining(formatKes(Number(original?.price_min), "en")),
          after: expect.stringContaining(formatKes(75000, "en")),
        },
      ]),
    );
    expect(latest?.changes).toHaveLength(2);
    expect(previous).toMatchObject({
      operation: "create",
      who: english("siteEditor.history.system"),
      current: false,
    });

    // Restore the first version, after its confirmation step.
    const asked = await historyOf(`${path}?restore=${previous?.id}`, id);
    expect(asked.confirmRestore?.id).toBe(previous?.id);
    const { answer, contentChanges } = await restore(path, previous?.id ?? 0, id);
    const response = asResponse(answer);
    expect(response.headers.get("Location")).toBe(`/admin/services/${id}`);
    expect(await toastOf(response)).toMatchObject({ title: "Version restored" });
    expect(contentChanges).toEqual([{ kind: "site", entity: "services" }]);
    const restored = await service(id);
    expect(restored?.description).toEqual(original?.description);
    expect(Number(restored?.price_min)).toBe(Number(original?.price_min));
    const after = await historyOf(path, id);
    expect(after.revisions[0]).toMatchObject({ operation: "restore", current: true });
  });

  it("brings a deleted service back from its history", async () => {
    const { args } = routeArgs("/admin/services/new", {
      ...formPost(validForm(KINDS.services, { slug: "short-lived" })),
      cookie: admin,
    });
    await settle(() => edit.action(args as never));
    const { data } = await db().from("services").select("id").eq("slug", "short-lived").single();
    const id = String((data as { id: number }).id);
    const remove = routeArgs(`/admin/services/${id}`, {
      ...formPost({ intent: "delete" }),
      cookie: admin,
      params: { id },
    });
    await settle(() => edit.action(remove.args as never));
    expect(await service(id)).toBeNull();
    const page = await historyOf(`/admin/services/${id}/history`, id);
    expect(page.revisions.map((r) => r.operation)).toEqual(["delete", "create"]);
    expect(page.revisions.every((r) => !r.current)).toBe(true);
    const { answer } = await restore(
      `/admin/services/${id}/history`,
      page.revisions[1]?.id ?? 0,
      id,
    );
    expect(asResponse(answer).status).toBe(302);
    expect((await service(id))?.slug).toBe("short-lived");
  });

  it("answers forged revisions and another item's revisions with 404, restoring nothing", async () => {
    const { data } = await db()
      .from("content_revisions")
      .select("id")
      .eq("entity", "services")
      .eq("entity_id", "3")
      .limit(1);
    const others = ((data ?? [])[0] as { id: number }).id;
    const before = await service("4");
    for (const revision of [others, 999999999, "0", "x", "-1"]) {
      const { answer } = await restore("/admin/services/4/history", revision, "4");
      expect(asData(answer).status, String(revision)).toBe(404);
    }
    expect(await service("4")).toEqual(before);
    for (const [path, id] of [
      ["/admin/services/999999/history", "999999"],
      ["/admin/services/abc/history", "abc"],
      ["/admin/legal/cookies/history", "cookies"],
    ] as const) {
      const { args } = routeArgs(path, { cookie: admin, params: { id } });
      expect(asData(await settle(() => history.loader(args as never))).status, path).toBe(404);
    }
  });

  it("speaks the admin's language", async () => {
    const page = await historyOf("/admin/services/1/history", "1", `${admin}; lang=sw`);
    expect(page.revisions.at(-1)?.who).toBe(translate("sw", "siteEditor.history.system"));
  });
});

describe("the settings' history", () => {
  it("restores the phone number the site had", async () => {
    const { data } = await db().from("site_settings").select("*").eq("id", "site").single();
    const settings = data as Record<string, unknown>;
    await save("/admin/settings", { ...formFromSettings(settings), phone: "+254 700 000 111" });
    const page = await historyOf("/admin/settings/history");
    expect(page.revisions[0]?.changes).toEqual([
      // Stored as E.164, however it was typed.
      { where: ["Phone number"], before: settings.phone, after: "+254700000111" },
    ]);
    const { answer, contentChanges } = await restore(
      "/admin/settings/history",
      page.revisions[1]?.id ?? 0,
    );
    expect(asResponse(answer).headers.get("Location")).toBe("/admin/settings");
    expect(contentChanges).toEqual([{ kind: "site", entity: "site_settings" }]);
    const { data: after } = await db()
      .from("site_settings")
      .select("phone")
      .eq("id", "site")
      .single();
    expect(after?.phone).toBe(settings.phone);
  });
});

describe("a post's history", () => {
  it("lists the post's saves and restores an earlier title", async () => {
    const id = "1";
    const { data } = await db().from("posts").select("*").eq("id", id).single();
    const post = data as Record<string, string>;
    const { args } = routeArgs(`/admin/posts/${id}`, {
      ...formPost({
        title: "A new title",
        content: post.content ?? "",
        published: "on",
        intent: "save",
      }),
      cookie: admin,
      params: { id },
    });
    expect(asResponse(await settle(() => postEdit.action(args as never))).status).toBe(302);
    const page = await historyOf(`/admin/posts/${id}/history`, id);
    expect(page.revisions[0]?.changes).toEqual(
      expect.arrayContaining([{ where: ["Title"], before: post.title, after: "A new title" }]),
    );
    const { answer, contentChanges } = await restore(
      `/admin/posts/${id}/history`,
      page.revisions[1]?.id ?? 0,
      id,
    );
    expect(asResponse(answer).headers.get("Location")).toBe(`/admin/posts/${id}`);
    expect(contentChanges).toEqual([{ kind: "posts" }]);
    const { data: after } = await db().from("posts").select("title").eq("id", id).single();
    expect(after?.title).toBe(post.title);
  });
});

/** The editor form of a stored service, as the page would render it. */
function formFromRow(row: Record<string, unknown> | null): Record<string, string> {
  const fields: Record<string, string> = { intent: "save" };
  const r = row ?? {};
  for (const name of ["title", "description", "long_description", "cta"]) {
    for (const [lang, text] of Object.entries(r[name] as Record<string, string>))
      fields[`${name}.${lang}`] = text;
  }
  (r.features as Record<string, string>[]).forEach((feature, i) => {
    for (const [lang, text] of Object.entries(feature)) fields[`features[${i}].${lang}`] = text;
  });
  (r.process as { title: Record<string, string>; description: Record<string, string> }[]).forEach(
    (step, i) => {
      for (const part of ["title", "description"] as const) {
        for (const [lang, text] of Object.entries(step[part]))
          fields[`process[${i}].${part}.${lang}`] = text;
      }
    },
  );
  (r.technologies as Record<string, string>[]).forEach((tech, i) => {
    for (const [lang, text] of Object.entries(tech)) fields[`technologies[${i}].${lang}`] = text;
  });
  Object.assign(fields, {
    slug: String(r.slug),
    icon: String(r.icon),
    image: String(r.image ?? ""),
    price_min: String(Number(r.price_min)),
    price_max: r.price_max === null ? "" : String(Number(r.price_max)),
    price_unit: String(r.price_unit),
  });
  if (r.published) fields.published = "on";
  return fields;
}

function formFromSettings(row: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = { intent: "save", version: String(row.version) };
  for (const name of ["brand_name", "phone", "whatsapp", "email", "support_email"])
    fields[name] = String(row[name] ?? "");
  for (const name of ["office_hours", "country", "meta_description", "author_fallback_bio"]) {
    for (const [lang, text] of Object.entries(row[name] as Record<string, string>))
      fields[`${name}.${lang}`] = text;
  }
  (row.cities as string[]).forEach((city, i) => {
    fields[`cities[${i}]`] = city;
  });
  (row.social_links as { network: string; url: string }[]).forEach((link, i) => {
    fields[`social_links[${i}].network`] = link.network;
    fields[`social_links[${i}].url`] = link.url;
  });
  return fields;
}
