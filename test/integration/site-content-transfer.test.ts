import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentFile, exportContent, importContent } from "../../scripts/site-content.ts";
import { serviceClient } from "../support/backend.ts";
import { contentCli } from "../support/content-cli.ts";
import { heldHeap } from "../support/held-heap";

/**
 * `npm run content:export` / `content:import` (scripts/site-content.ts): the content an agency
 * edited on one backend arrives whole on another (a hosted project) — blog categories, tags and
 * old slugs too —, importing again changes nothing, and a file the database refuses any row of
 * changes nothing at all. The file is readable by its owner only and says how many drafts it
 * holds.
 */
let source: TestBackend;
let target: TestBackend;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([startTestBackend(), startTestBackend()]);
  dir = mkdtempSync(join(tmpdir(), "content-transfer-"));
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const keys = (backend: TestBackend) => ({
  url: backend.url,
  serviceRoleKey: backend.serviceRoleKey,
});

/** What visitors would see, and the blog's terms, without each backend's own ids and times. */
async function visible(backend: TestBackend) {
  const db = serviceClient(backend);
  const { data } = await db.rpc("site_content");
  const { data: taxonomy } = await db.rpc("blog_taxonomy");
  const own = ["id", "version", "created_at", "updated_at", "category_id", "target_id"];
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([k]) => !own.includes(k))
              .map(([k, v]) => [k, strip(v)]),
          )
        : value;
  return { content: strip(data), taxonomy };
}

/** A full export without its time: two of them are equal when nothing changed. */
const snapshot = async (backend: TestBackend) => {
  const { exportedAt: _, ...file } = await exportContent(keys(backend));
  return file;
};

describe("moving the site's content", () => {
  it("carries every edit to the other backend, and a second import changes nothing", async () => {
    const db = serviceClient(source);
    await db.from("services").update({ price_min: 65000 }).eq("slug", "web-development");
    await db.from("services").insert({
      slug: "cloud-backup",
      published: true,
      price_min: 20000,
      price_unit: "year",
      title: { en: "Cloud Backup", sw: "Hifadhi ya Wingu" },
      description: { en: "Your files, safe every night." },
      long_description: { en: "Nightly encrypted backups." },
      cta: { en: "Protect your files" },
    });
    await db.from("services").update({ slug: "cloud-apps" }).eq("slug", "web-hosting");
    await db.from("testimonials").delete().eq("name", "Samuel Mutua");
    await db.from("site_settings").update({ phone: "+254 733 000 111" }).eq("id", "site");
    const { data: category } = await db
      .from("portfolio_categories")
      .insert({ slug: "branding", label: { en: "Branding", fr: "Identité visuelle" } })
      .select("id")
      .single();
    await db
      .from("portfolio_projects")
      .update({ category_id: category?.id })
      .eq("slug", "e-commerce-platform");
    await db.from("blog_tags").insert({ slug: "cloud", label: { en: "cloud", sw: "wingu" } });
    await db
      .from("blog_categories")
      .update({ label: { en: "AI", sw: "Akili Bandia", fr: "Intelligence artificielle" } })
      .eq("slug", "ai");

    const file = await exportContent(keys(source));
    expect(JSON.stringify(file.tables)).not.toMatch(/"version":|"created_at":|"category_id":/);
    expect(file.tables.content_redirects).toContainEqual({
      entity: "services",
      old_slug: "web-hosting",
      target_slug: "cloud-apps",
    });
    const items = Object.values(file.tables).reduce((sum, rows) => sum + (rows?.length ?? 0), 0);
    const started = performance.now();
    const first = await importContent(keys(target), file, { prune: true });
    console.log(
      `${items} items imported in one transaction in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(first.created).toBeGreaterThanOrEqual(4);
    expect(first.deleted).toBeGreaterThanOrEqual(2);
    expect(await visible(target)).toEqual(await visible(source));

    // The target's triggers kept the import's versions, as for any write.
    const revisions = async () =>
      (
        await serviceClient(target)
          .from("content_revisions")
          .select("id", { count: "exact", head: true })
      ).count;
    const { data: history } = await serviceClient(target)
      .from("content_revisions")
      .select("operation, data")
      .eq("entity", "services");
    const created = (history ?? []).filter((row) => row.data?.slug === "cloud-backup");
    expect(created.map((row) => row.operation)).toEqual(["create"]);
    const kept = await revisions();

    const again = await importContent(keys(target), file, { prune: true });
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(await revisions()).toBe(kept);
  });

  it("changes nothing at all when the database refuses a row of the last table", async () => {
    const good = await exportContent(keys(source));
    const before = await snapshot(target);
    const heapBefore = heldHeap();
    // Changes in the first tables, then an old slug that is not a slug in the last one.
    const bad: ContentFile = structuredClone(good);
    const settings = bad.tables.site_settings?.[0] as Record<string, unknown>;
    settings.phone = "+254 700 999 999";
    bad.tables.services?.push({ ...bad.tables.services[0], slug: "one-more-service" });
    bad.tables.content_redirects?.push({
      entity: "services",
      old_slug: "Not A Slug",
      target_slug: "cloud-apps",
    });
    const path = join(dir, "bad.json");
    writeFileSync(path, JSON.stringify(bad));
    const started = performance.now();
    const { code, output } = await contentCli(["import", path, "--prune"], target);
    const ms = performance.now() - started;

    expect(code).toBe(1);
    const row = bad.tables.content_redirects?.length;
    expect(output).toContain(
      `Nothing was imported: the database refused old slugs, row ${row} of the file ` +
        '(entity "services", old_slug "Not A Slug"), field old_slug: old_slug must be lowercase ' +
        "letters, digits and single hyphens, at most 80 characters.",
    );
    expect(output).toContain("the target is exactly as it was");
    expect(await snapshot(target)).toEqual(before);
    // One transaction undone, not one per row: quick, and nothing held.
    console.log(`refused import answered in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
    expect(heldHeap() - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("names the field and its rule when a settings value is what the editors refuse", async () => {
    const file = await exportContent(keys(source));
    const before = await snapshot(target);
    const settings = file.tables.site_settings?.[0] as Record<string, unknown>;
    settings.email = "hello@example.test?bcc=eve@evil.example";
    const path = join(dir, "bcc.json");
    writeFileSync(path, JSON.stringify(file));
    const { code, output } = await contentCli(["import", path], target);
    expect(code).toBe(1);
    expect(output).toContain(
      'settings rows, row 1 of the file (id "site"), field email: email must be one e-mail address',
    );
    expect(await snapshot(target)).toEqual(before);
  });

  it("keeps on --prune a blog tag the file lacks while posts of the target carry it", async () => {
    await serviceClient(source).from("blog_tags").delete().eq("slug", "security");
    const path = join(dir, "without-security.json");
    expect((await contentCli(["export", path], source)).code).toBe(0);
    const { code, output } = await contentCli(["import", path, "--prune"], target);
    expect(code).toBe(0);
    expect(output).toContain("Kept 1 blog categories or tags the file does not have");
    const { data } = await serviceClient(target)
      .from("blog_tags")
      .select("slug")
      .eq("slug", "security");
    expect(data).toHaveLength(1);
  });

  it("writes the file readable by its owner only, and says how many drafts it holds", async () => {
    await serviceClient(source)
      .from("team_members")
      .insert({ name: "New Hire", role: { en: "Designer" }, bio: { en: "Joins in January." } });
    const path = join(dir, "content.json");
    writeFileSync(path, "an older export, readable by everyone\n");
    chmodSync(path, 0o644);
    const { code, output } = await contentCli(["export", path], source);
    expect(code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(path, "utf8")) as ContentFile;
    const { data: hidden } = await serviceClient(source)
      .from("team_members")
      .select("id")
      .eq("published", false);
    expect(file.summary?.drafts.team_members).toBe(hidden?.length);
    expect(file.summary?.note).toMatch(/^Drafts travel/);
    expect(output).toMatch(/Drafts \(unpublished items\) in the file: .*\d+ team members?/);
    expect(output).toContain("Not in the file: blog posts");

    const fresh = join(dir, "fresh.json");
    expect((await contentCli(["export", fresh], source)).code).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });
});
