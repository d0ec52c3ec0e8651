/**
 * The site's content tables (supabase/migrations/20261204000001_site_content.sql): who reads and
 * writes what, what the database refuses, and the history every change leaves behind.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, signedInClient } from "./helpers.ts";

let backend: TestBackend;
let service: SupabaseClient;
let admin: SupabaseClient;
let member: SupabaseClient;

const TABLES = [
  "services",
  "portfolio_categories",
  "portfolio_projects",
  "team_members",
  "testimonials",
  "site_figures",
  "legal_documents",
  "chat_options",
];

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedInClient(backend, { appMetadata: { is_admin: true } })).client;
  member = (await signedInClient(backend)).client;
});
afterAll(() => backend?.close());

const newService = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  price_min: 1000,
  title: { en: `Service ${slug}` },
  description: { en: "What it does." },
  long_description: { en: "What it does, at length." },
  cta: { en: "Ask for it" },
  ...extra,
});

describe("the seeded content", () => {
  it("holds today's site in three languages, all published", async () => {
    const { data } = await anonClient(backend).rpc("site_content");
    const content = data as Record<string, Record<string, unknown>[]>;
    expect(content.services).toHaveLength(8);
    expect(content.projects).toHaveLength(6);
    expect(content.categories).toHaveLength(3);
    expect(content.team).toHaveLength(4);
    expect(content.testimonials).toHaveLength(6);
    expect(content.figures).toHaveLength(8);
    expect(content.legal).toHaveLength(2);
    expect(content.chat).toHaveLength(3);
    const web = content.services?.find((s) => s.slug === "web-development");
    expect(web?.title).toEqual({
      en: "Web Development",
      sw: "Utengenezaji wa Tovuti",
      fr: "Développement web",
    });
    expect(web).toMatchObject({ price_min: 50000, price_max: 300000, price_unit: "project" });
    expect((content as unknown as { settings: { brand_name: string } }).settings.brand_name).toBe(
      "Jenga Digital",
    );
  });
});

describe("who reads what", () => {
  it("shows visitors and signed-in users published items only; admins see drafts", async () => {
    const { data: draft } = await admin
      .from("services")
      .insert(newService("draft-only"))
      .select("id, published, version")
      .single();
    expect(draft).toMatchObject({ published: false, version: 1 });
    for (const client of [anonClient(backend), member]) {
      const { data } = await client.from("services").select("slug").eq("slug", "draft-only");
      expect(data).toEqual([]);
    }
    const { data: seen } = await admin.from("services").select("slug").eq("slug", "draft-only");
    expect(seen).toEqual([{ slug: "draft-only" }]);
    await admin.from("services").delete().eq("slug", "draft-only");
  });

  it("keeps revisions from everybody but admins", async () => {
    for (const client of [anonClient(backend), member]) {
      const { data } = await client.from("content_revisions").select("id").limit(1);
      expect(data ?? []).toEqual([]);
    }
    const { data } = await admin.from("content_revisions").select("id").limit(1);
    expect(data?.length).toBe(1);
  });
});

describe("who writes", () => {
  it.each(TABLES)("refuses visitors and non-admins on %s", async (table) => {
    for (const client of [anonClient(backend), member]) {
      const update = await client.from(table).update({ position: 99 }).gte("position", 0).select();
      expect(update.data ?? []).toEqual([]);
      const remove = await client.from(table).delete().gte("position", 0).select();
      expect(remove.data ?? []).toEqual([]);
    }
    const { count } = await service.from(table).select("*", { count: "exact", head: true });
    expect(count).toBeGreaterThan(0);
    const { data } = await service.from(table).select("position").eq("position", 99);
    expect(data).toEqual([]);
  });

  it("refuses visitors' inserts and settings changes", async () => {
    const insert = await anonClient(backend).from("services").insert(newService("by-anon"));
    expect(insert.error?.code).toBe("42501");
    const settings = await member
      .from("site_settings")
      .update({ brand_name: "Taken over" })
      .eq("id", "site")
      .select();
    expect(settings.data ?? []).toEqual([]);
    const deleted = await admin.from("site_settings").delete().eq("id", "site");
    expect(deleted.error?.code).toBe("42501");
  });
});

describe("what the database refuses", () => {
  it.each([
    ["a title without English", { title: { sw: "Huduma" } }],
    ["an unknown language", { title: { en: "Ok", de: "Dienst" } }],
    ["an over-long title", { title: { en: "x".repeat(81) } }],
    ["a negative price", { price_min: -1 }],
    ["a maximum under the minimum", { price_min: 500, price_max: 100 }],
    ["an unknown price unit", { price_unit: "week" }],
    ["a slug with spaces", { slug: "two words" }],
    ["an image elsewhere", { image: "https://evil.example/x.png" }],
    ["an image path climbing out", { image: "/images/../../etc/passwd" }],
    ["a feature that is not a translated text", { features: ["plain"] }],
    [
      "a process step with extra keys",
      { process: [{ title: { en: "a" }, description: { en: "b" }, x: 1 }] },
    ],
  ])("refuses %s", async (_label, change) => {
    const { error } = await admin.from("services").insert(newService("refused", change));
    expect(error?.code).toBe("23514");
  });

  it("refuses social links that are not https URLs of known networks", async () => {
    for (const social_links of [
      [{ network: "facebook", url: "javascript:alert(1)" }],
      [{ network: "myspace", url: "https://myspace.com/x" }],
      [{ network: "x", url: "http://x.com/agency" }],
    ]) {
      const { error } = await admin.from("site_settings").update({ social_links }).eq("id", "site");
      expect(error?.code).toBe("23514");
    }
  });
});

describe("history", () => {
  it("keeps every version with who and when, and restores one as a new version", async () => {
    const { data: created } = await admin
      .from("services")
      .insert(newService("history", { published: true }))
      .select("id")
      .single();
    const id = created?.id as number;
    await admin.from("services").update({ price_min: 2000 }).eq("id", id);
    const { data: updated } = await admin
      .from("services")
      .update({ title: { en: "Renamed", fr: "Renommé" } })
      .eq("id", id)
      .eq("version", 2)
      .select("version")
      .single();
    expect(updated?.version).toBe(3);
    // A save based on an old version changes nothing.
    const stale = await admin
      .from("services")
      .update({ price_min: 1 })
      .eq("id", id)
      .eq("version", 2)
      .select();
    expect(stale.data).toEqual([]);

    const { data: revisions } = await admin
      .from("content_revisions")
      .select("id, version, operation, actor_email, data")
      .eq("entity", "services")
      .eq("entity_id", String(id))
      .order("id");
    expect(revisions?.map((r) => [r.version, r.operation])).toEqual([
      [1, "create"],
      [2, "update"],
      [3, "update"],
    ]);
    expect(revisions?.[0]?.actor_email).toMatch(/@example\.com$/);

    const first = revisions?.[0]?.id as number;
    const restored = await admin.rpc("admin_restore_revision", { p_revision: first });
    expect(restored.error).toBeNull();
    const { data: now } = await admin
      .from("services")
      .select("title, price_min, version")
      .eq("id", id)
      .single();
    expect(now).toMatchObject({ title: { en: "Service history" }, price_min: 1000, version: 4 });
    const { data: last } = await admin
      .from("content_revisions")
      .select("operation")
      .eq("entity", "services")
      .eq("entity_id", String(id))
      .order("id", { ascending: false })
      .limit(1)
      .single();
    expect(last?.operation).toBe("restore");

    const { data: audit } = await service
      .from("audit_log")
      .select("action")
      .eq("target_type", "services")
      .eq("target_id", String(id))
      .order("id");
    expect(audit?.map((a) => a.action)).toEqual([
      "services.created",
      "services.updated",
      "services.updated",
      "services.restored",
    ]);
    expect((await member.rpc("admin_restore_revision", { p_revision: first })).error?.code).toBe(
      "42501",
    );
  });

  it("brings a deleted item back", async () => {
    const { data: created } = await admin
      .from("testimonials")
      .insert({ name: "Gone Soon", quote: { en: "Great work." }, published: true })
      .select("id")
      .single();
    await admin.from("testimonials").delete().eq("id", created?.id);
    const { data: deletion } = await admin
      .from("content_revisions")
      .select("id, operation")
      .eq("entity", "testimonials")
      .eq("entity_id", String(created?.id))
      .eq("operation", "delete")
      .single();
    const restored = await admin.rpc("admin_restore_revision", { p_revision: deletion?.id });
    expect(restored.error).toBeNull();
    const { data } = await anonClient(backend)
      .from("testimonials")
      .select("name")
      .eq("id", created?.id);
    expect(data).toEqual([{ name: "Gone Soon" }]);
  });

  it("keeps posts' versions too", async () => {
    const { data: post } = await admin
      .from("posts")
      .insert({ title: "Versioned", content: "<p>one</p>" })
      .select("id")
      .single();
    await admin.from("posts").update({ content: "<p>two</p>" }).eq("id", post?.id);
    const { data } = await admin
      .from("content_revisions")
      .select("version")
      .eq("entity", "posts")
      .eq("entity_id", String(post?.id))
      .order("id");
    expect(data).toEqual([{ version: 1 }, { version: 2 }]);
  });
});

describe("order and slugs", () => {
  it("reorders a list without new versions, with one audit entry", async () => {
    const { data: before } = await admin
      .from("team_members")
      .select("id, version")
      .order("position");
    const ids = (before ?? []).map((m) => m.id as number).reverse();
    const moved = await admin.rpc("admin_reorder_content", {
      p_entity: "team_members",
      p_ids: ids,
    });
    expect(moved.error).toBeNull();
    const { data: after } = await admin
      .from("team_members")
      .select("id, version")
      .order("position");
    expect(after?.map((m) => m.id)).toEqual(ids);
    expect(after?.map((m) => m.version)).toEqual(before?.map((m) => m.version).reverse());
    const refused = await member.rpc("admin_reorder_content", {
      p_entity: "team_members",
      p_ids: ids,
    });
    expect(refused.error?.code).toBe("42501");
    const unknown = await admin.rpc("admin_reorder_content", {
      p_entity: "auth.users",
      p_ids: ids,
    });
    expect(unknown.error?.code).toBe("22023");
  });

  it("leaves a redirect behind a changed slug, and drops it when the slug is taken again", async () => {
    const { data: created } = await admin
      .from("services")
      .insert(newService("old-name", { published: true }))
      .select("id")
      .single();
    await admin.from("services").update({ slug: "new-name" }).eq("id", created?.id);
    const { data: redirects } = await anonClient(backend)
      .from("content_redirects")
      .select("entity, old_slug, target_id")
      .eq("old_slug", "old-name");
    expect(redirects).toEqual([
      { entity: "services", old_slug: "old-name", target_id: created?.id },
    ]);
    await admin.from("services").insert(newService("old-name"));
    const { data: gone } = await anonClient(backend)
      .from("content_redirects")
      .select("old_slug")
      .eq("old_slug", "old-name");
    expect(gone).toEqual([]);
  });

  it("remembers a deleted item's slugs as gone (410), and a restore brings them back", async () => {
    const { data: created } = await admin
      .from("portfolio_projects")
      .select("id, slug")
      .eq("slug", "mobile-banking-app")
      .single();
    await admin.from("portfolio_projects").update({ slug: "sacco-app" }).eq("id", created?.id);
    await admin.from("portfolio_projects").delete().eq("id", created?.id);
    const { data: gone } = await anonClient(backend)
      .from("content_redirects")
      .select("old_slug, target_id")
      .eq("entity", "portfolio_projects")
      .order("old_slug");
    expect(gone).toEqual([
      { old_slug: "mobile-banking-app", target_id: null },
      { old_slug: "sacco-app", target_id: null },
    ]);
    const { data: deletion } = await admin
      .from("content_revisions")
      .select("id")
      .eq("entity", "portfolio_projects")
      .eq("entity_id", String(created?.id))
      .eq("operation", "delete")
      .single();
    await admin.rpc("admin_restore_revision", { p_revision: deletion?.id });
    const { data: back } = await anonClient(backend)
      .from("content_redirects")
      .select("old_slug")
      .eq("old_slug", "sacco-app");
    expect(back).toEqual([]);
  });
});
