import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editorFormNames } from "~/domain/site/editor/draft";
import {
  type FieldSpec,
  PRICE_MAX,
  PRICE_UNITS,
  PROCESS_LIMITS,
  SOCIAL_NETWORKS,
} from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { editorForm } from "~/domain/site/editor/schema.server";

/**
 * The editors' limits are the database's: each field's descriptor (app/domain/site/editor/
 * kinds.ts) against the check constraints of supabase/migrations/20261204000001_site_content.sql
 * (or of a later migration that replaced one), so a form never accepts what the database refuses
 * (a 502 instead of a message) nor refuses what it accepts.
 */
const MIGRATIONS = join(import.meta.dirname, "../../supabase/migrations");
const SQL = readFileSync(join(MIGRATIONS, "20261204000001_site_content.sql"), "utf8");
/** Every later migration, oldest first: a constraint added again there wins. */
const LATER = readdirSync(MIGRATIONS)
  .filter((name) => name > "20261204000001_site_content.sql")
  .sort()
  .map((name) => readFileSync(join(MIGRATIONS, name), "utf8"))
  .join("\n");

/** The `create table public.<table> (…);` statement. */
function tableSql(table: string): string {
  // A table of a later migration (the blog's categories and tags) is read there.
  const sql = SQL.includes(`create table public.${table} (`) ? SQL : LATER;
  const start = sql.indexOf(`create table public.${table} (`);
  expect(start, table).toBeGreaterThan(-1);
  return sql.slice(start, sql.indexOf("\n);", start));
}

/** The column's check constraint text (the latest migration's). */
function checkOf(table: string, column: string): string {
  const added = [
    ...LATER.matchAll(new RegExp(`add constraint ${table}_${column} check (.*)`, "g")),
  ];
  const latest = added.at(-1)?.[1];
  if (latest) return latest;
  const line = tableSql(table)
    .split("\n")
    .find((l) => l.includes("constraint") && new RegExp(`[(\\s]${column}[,)\\s]`).test(l));
  return line ?? "";
}

const numbers = (text: string) => [...text.matchAll(/\b\d+\b/g)].map((m) => Number(m[0]));

function expectLimits(table: string, field: FieldSpec) {
  const check = checkOf(table, field.name);
  const label = `${table}.${field.name}`;
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml":
      expect(check, label).toContain(`is_translated_text(${field.name}, ${field.max})`);
      break;
    case "translatedList":
      expect(check, label).toContain(
        `is_translated_list(${field.name}, ${field.items}, ${field.max})`,
      );
      break;
    case "textList":
      expect(check, label).toContain(`is_text_list(${field.name}, ${field.items}, ${field.max})`);
      break;
    case "text":
      if (field.optional)
        expect(check, label).toContain(`char_length(${field.name}) <= ${field.max}`);
      else expect(check, label).toContain(`between ${field.min} and ${field.max}`);
      break;
    case "email":
      expect(numbers(check).at(-1), label).toBe(field.max);
      break;
    case "digits":
      expect(check, label).toContain(`\\d{${field.min},${field.max}}`);
      break;
    case "number":
      expect(check, label).toContain(`between ${field.range?.[0]} and ${field.range?.[1]}`);
      break;
    case "select":
      if (field.name === "icon") break;
      for (const option of field.options ?? []) expect(check, label).toContain(`'${option}'`);
      break;
    case "image":
      expect(check, label).toContain(`public.is_site_image(${field.name})`);
      break;
    case "slug":
      expect(check, label).toContain("public.is_slug(slug)");
      break;
    case "socialLinks":
      expect(check, label).toContain("public.is_social_links(social_links)");
      break;
    case "processSteps":
      expect(check, label).toContain("public.is_process_steps(process)");
      break;
  }
}

describe("the editors' limits are the database's", () => {
  it.each(Object.values(KINDS).map((kind) => [kind.name, kind] as const))("%s", (_name, kind) => {
    for (const field of kind.fields) expectLimits(kind.entity, field);
  });

  it("covers every visitor-facing column of every table", () => {
    for (const kind of Object.values(KINDS)) {
      const columns = tableSql(kind.entity)
        .split("\n")
        .map(
          (line) =>
            /^\s{2}([a-z_]+) (?:text|jsonb|numeric|integer|boolean|bigint|timestamptz)/.exec(
              line,
            )?.[1],
        )
        .filter((c): c is string => Boolean(c));
      const editable = new Set(
        kind.fields.flatMap((f) =>
          f.type === "price" ? ["price_min", "price_max", "price_unit"] : [f.name],
        ),
      );
      const bookkeeping = ["id", "position", "version", "created_at", "updated_at"];
      expect(
        columns.filter((c) => !bookkeeping.includes(c) && !editable.has(c)),
        kind.entity,
      ).toEqual(kind.entity === "legal_documents" ? ["published"] : []);
    }
  });

  it("has the process steps', social links', prices' and icons' limits", () => {
    expect(SQL).toContain(`jsonb_array_length(v) <= 12`);
    expect(SQL).toContain(`is_translated_text(step -> 'title', ${PROCESS_LIMITS.title})`);
    expect(SQL).toContain(
      `is_translated_text(step -> 'description', ${PROCESS_LIMITS.description})`,
    );
    expect(KINDS.services.fields.find((f) => f.type === "processSteps")?.items).toBe(12);
    expect(KINDS.settings.fields.find((f) => f.type === "socialLinks")?.items).toBe(10);
    expect(SQL).toContain(`in (${SOCIAL_NETWORKS.map((n) => `'${n}'`).join(", ")})`);
    expect(checkOf("services", "price_unit")).toContain(
      PRICE_UNITS.map((u) => `'${u}'`).join(", "),
    );
    expect(checkOf("services", "price_min")).toContain(`price_min <= ${PRICE_MAX}`);
    expect(SQL).toContain("v ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(v) <= 80");
  });

  it("lets each form post each of its names once, and nothing else", () => {
    for (const kind of Object.values(KINDS)) {
      const { rules, options } = editorForm(kind);
      const names = editorFormNames(kind);
      expect(rules.size, kind.name).toBe(names.length);
      expect(options.maxFields, kind.name).toBe(names.length);
      expect(
        [...rules.values()].every((rule) => rule.repeats === 1),
        kind.name,
      ).toBe(true);
      expect(rules.has("title.de")).toBe(false);
    }
    expect(editorForm(KINDS.services).rules.has("features[19].fr")).toBe(true);
    expect(editorForm(KINDS.services).rules.has("features[20].en")).toBe(false);
    expect(editorForm(KINDS.services).options.multipart).toBe(true);
    expect(editorForm(KINDS.legal).options.multipart).toBe(false);
  });
});
