import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partsOf } from "../../scripts/lib/content-transfer.ts";
import { type ImportRefusal, refusalInWords } from "../../scripts/lib/content-words.ts";
import { type ContentFile, exportContent, importContent } from "../../scripts/site-content.ts";
import { serviceClient } from "../support/backend.ts";
import { contentCli } from "../support/content-cli.ts";

/**
 * The content file's versions and sizes (scripts/lib/content-file.ts): files written before
 * blog categories, tags and old slugs travelled (version 1) still import, and touch nothing
 * else; a file over the embedded backend's 1 MiB request limit arrives whole, in parts, in one
 * transaction; anything else is refused with a sentence.
 */
let backend: TestBackend;
let dir: string;

beforeAll(async () => {
  backend = await startTestBackend();
  dir = mkdtempSync(join(tmpdir(), "content-file-"));
});
afterAll(async () => {
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const keys = () => ({ url: backend.url, serviceRoleKey: backend.serviceRoleKey });

const fileAt = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

describe("content files", () => {
  it("imports a version 1 file, leaving the blog's terms and old slugs as they are", async () => {
    const db = serviceClient(backend);
    const current = await exportContent(keys());
    const {
      blog_categories: _c,
      blog_tags: _t,
      content_redirects: _r,
      ...v1Tables
    } = current.tables;
    const service = v1Tables.services?.find((row) => row.slug === "bulk-sms");
    if (service) service.price_min = 1.5;
    const v1 = { format: "agency-site-content", version: 1, exportedAt: "", tables: v1Tables };
    await db.from("blog_tags").insert({ slug: "kept-by-v1", label: { en: "kept" } });

    const { code, output } = await contentCli(
      ["import", fileAt("v1.json", v1), "--prune"],
      backend,
    );
    expect(code).toBe(0);
    expect(output).toContain("is a version 1 file");
    expect(output).toMatch(/in one transaction: 0 created, 1 updated, \d+ unchanged, 0 deleted/);
    const { data: price } = await db.from("services").select("price_min").eq("slug", "bulk-sms");
    expect(price).toEqual([{ price_min: 1.5 }]);
    const { data: tag } = await db.from("blog_tags").select("slug").eq("slug", "kept-by-v1");
    expect(tag).toHaveLength(1);
  });

  it("carries a file over 1 MiB (legal pages at their limit) in parts, whole", async () => {
    const file = await exportContent(keys());
    const body = `<p>${"é".repeat(99_990)}</p>`;
    for (const page of file.tables.legal_documents ?? []) {
      page.body = { en: body, sw: body, fr: body };
    }
    const text = JSON.stringify(file);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
    expect(partsOf(text).length).toBeGreaterThan(1);
    const report = await importContent(keys(), file);
    expect(report.updated).toBe(2);
    const { data } = await serviceClient(backend).from("legal_documents").select("body");
    for (const page of data ?? []) expect(page.body).toEqual({ en: body, sw: body, fr: body });
  });

  it("cuts parts between characters, never inside one", () => {
    const text = `${"a".repeat(9)}😀${"b".repeat(9)}`;
    const parts = partsOf(text, 10);
    expect(parts.join("")).toBe(text);
    expect(parts.every((part) => !/[\ud800-\udbff]$/.test(part))).toBe(true);
  });

  it("refuses what is not a content file, saying why", async () => {
    await expect(importContent(keys(), { format: "other" } as never)).rejects.toThrow(
      /not a site content file/,
    );
    const cases: [string, unknown, RegExp][] = [
      ["not-json.json", "{ this is not json", /is not JSON/],
      ["other.json", { format: "other", tables: {} }, /is not a site content file/],
      [
        "v3.json",
        { format: "agency-site-content", version: 3, tables: {} },
        /is a version 3 content file; this script reads versions 1 and 2/,
      ],
      [
        "partial.json",
        { format: "agency-site-content", version: 2, tables: { services: [] } },
        /lacks these tables: site_settings/,
      ],
      [
        "rows.json",
        { format: "agency-site-content", version: 1, tables: { services: "all of them" } },
        /services is not a list of rows/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const { code, output } = await contentCli(["import", fileAt(name, content)], backend);
      expect(code, name).toBe(1);
      expect(output, name).toMatch(message);
    }
    expect((await contentCli(["import"], backend)).code).toBe(2);
  });

  it("refuses a file that arrived damaged or incomplete, and only the service role may send one", async () => {
    const db = serviceClient(backend);
    const upload = randomUUID();
    await db.rpc("content_import_part", {
      p_upload: upload,
      p_part: 0,
      p_body: '{"format": "agen',
    });
    const damaged = await db.rpc("content_import", { p_upload: upload, p_parts: 1, p_prune: true });
    const refusal = (damaged.data as { refused: ImportRefusal }).refused;
    expect(refusal).toMatchObject({ at: null, code: "22P02" });
    expect(refusalInWords("content.json", refusal)).toMatch(
      /^Nothing was imported: the database refused the file: a value has the wrong type \(invalid input syntax for type json\)/,
    );
    const missing = await db.rpc("content_import", {
      p_upload: randomUUID(),
      p_parts: 2,
      p_prune: false,
    });
    expect(missing.data).toEqual({
      refused: { code: "22023", message: "0 of the file's 2 parts arrived" },
    });
    const anon = createClient(backend.url, backend.anonKey);
    const refused = await anon.rpc("content_import_part", {
      p_upload: upload,
      p_part: 1,
      p_body: "{}",
    });
    expect([refused.status, refused.error?.code]).toEqual([401, "42501"]);
  });

  it("refuses a file whose project names a category nobody has, changing nothing", async () => {
    const file: ContentFile = await exportContent(keys());
    const before = JSON.stringify((await exportContent(keys())).tables);
    const project = file.tables.portfolio_projects?.[0];
    if (project) project.category_slug = "no-such-category";
    const { code, output } = await contentCli(["import", fileAt("category.json", file)], backend);
    expect(code).toBe(1);
    expect(output).toMatch(
      /portfolio projects, row 1 of the file \(slug "[a-z-]+"\), field category_slug: its category "no-such-category" is neither in the file nor on this site/,
    );
    expect(JSON.stringify((await exportContent(keys())).tables)).toBe(before);
  });
});
