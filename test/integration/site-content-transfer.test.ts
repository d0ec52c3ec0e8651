import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportContent, importContent } from "../../scripts/site-content.ts";
import { serviceClient } from "../support/backend.ts";

/**
 * `npm run content:export` / `content:import` (scripts/site-content.ts): the content an agency
 * edited on one backend arrives whole on another (a hosted project), and importing again
 * changes nothing.
 */
let source: TestBackend;
let target: TestBackend;

beforeAll(async () => {
  [source, target] = await Promise.all([startTestBackend(), startTestBackend()]);
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

const keys = (backend: TestBackend) => ({
  url: backend.url,
  serviceRoleKey: backend.serviceRoleKey,
});

/** What visitors would see, without each backend's own ids, versions and timestamps. */
async function visible(backend: TestBackend) {
  const { data } = await serviceClient(backend).rpc("site_content");
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .filter(
                ([k]) =>
                  ![
                    "id",
                    "version",
                    "created_at",
                    "updated_at",
                    "category_id",
                    "target_id",
                  ].includes(k),
              )
              .map(([k, v]) => [k, strip(v)]),
          )
        : value;
  const content = data as Record<string, unknown>;
  delete content.redirects;
  return strip(content);
}

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

    const file = await exportContent(keys(source));
    expect(JSON.stringify(file.tables)).not.toMatch(/"version":|"created_at":/);
    const first = await importContent(keys(target), file, { prune: true });
    expect(first).toMatchObject({ created: 2, deleted: 1 });
    expect(first.updated).toBeGreaterThanOrEqual(3);
    expect(await visible(target)).toEqual(await visible(source));

    const again = await importContent(keys(target), file, { prune: true });
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });

  it("refuses a file that is not a content export", async () => {
    await expect(importContent(keys(target), { format: "other" } as never)).rejects.toThrow(
      /not a site content file/,
    );
  });
});
