import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editorFormNames } from "~/domain/site/editor/draft";
import {
  type FieldSpec,
  OFFICE_ADDRESSES,
  OFFICE_LIMITS,
  PRICE_MAX,
  PRICE_UNITS,
  PROCESS_LIMITS,
  SERVICE_ICONS,
  SOCIAL_NETWORKS,
} from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { editorForm } from "~/domain/site/editor/schema.server";
import {
  A_SPACE,
  EMAIL_ATOM,
  EMAIL_LABEL,
  EMAIL_TEMPLATE,
  EMAIL_WORD,
  NETWORK_HOSTS,
  NOT_A_SPACE,
  NOT_IN_A_LINE,
  NOT_IN_A_PARAGRAPH,
  PHONE_CHARACTERS,
  PHONE_DIGITS,
  socialUrlPattern,
} from "~/domain/site/editor/stored-rules";

/**
 * The editors' limits and rules are the database's: each field's descriptor (app/domain/site/
 * editor/kinds.ts) against the check constraint its column has after every migration
 * (supabase/migrations/20261204000001_site_content.sql, then the later ones that replaced a
 * constraint, such as 20261207000002_content_guards.sql), so a form never accepts what the
 * database refuses (a refused save instead of a message next to the field) nor the database
 * what a form refuses (an admin's token or the service role writing through the API). A field
 * type without a rule here fails, and so does a pattern changed on one side only
 * (app/domain/site/editor/stored-rules.ts is written into the migration literally).
 */
const MIGRATIONS = join(import.meta.dirname, "../../supabase/migrations");
const SQL = readFileSync(join(MIGRATIONS, "20261204000001_site_content.sql"), "utf8");
const GUARDS = readFileSync(join(MIGRATIONS, "20261207000002_content_guards.sql"), "utf8");
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

/**
 * Every check constraint as the migrations leave it: name → expression. Constraint names start
 * with their table's name; a later `drop constraint` removes one, a later `add constraint`
 * (re)defines it.
 */
const CONSTRAINTS = (() => {
  const found = new Map<string, string>();
  for (const sql of [SQL, LATER]) {
    for (const m of sql.matchAll(/(?:^|,)\s*(drop|add)? ?constraint (\w+)(?: check (.*?))?,?$/gm)) {
      const [, verb, name, expression] = m;
      if (!name) continue;
      if (verb === "drop") found.delete(name);
      else if (expression) found.set(name, expression);
    }
  }
  return found;
})();

/** The checks of `table` that name `column`. */
function checksOf(table: string, column: string): string {
  const names = new RegExp(`[(\\s]${column}[,)\\s]`);
  return [...CONSTRAINTS]
    .filter(([name, expression]) => name.startsWith(`${table}_`) && names.test(expression))
    .map(([, expression]) => expression)
    .join(" ");
}

/** A SQL function's body in the guards migration. */
function functionSql(name: string): string {
  const start = GUARDS.indexOf(`create or replace function public.${name}(`);
  expect(start, name).toBeGreaterThan(-1);
  return GUARDS.slice(start, GUARDS.indexOf("$$;", start));
}

/** `source` as a SQL string literal. */
const literal = (source: string) => `'${source.replaceAll("'", "''")}'`;

function expectRule(table: string, field: FieldSpec) {
  const check = checksOf(table, field.name);
  const label = `${table}.${field.name}`;
  const n = field.name;
  switch (field.type) {
    case "translated":
      expect(check, label).toContain(`public.is_translated_line(${n}, ${field.max})`);
      break;
    case "translatedLong":
    case "translatedHtml":
      expect(check, label).toContain(`public.is_translated_paragraph(${n}, ${field.max})`);
      break;
    case "translatedList":
      expect(check, label).toContain(
        `public.is_translated_lines(${n}, ${field.items}, ${field.max})`,
      );
      break;
    case "textList":
      expect(check, label).toContain(`public.is_text_lines(${n}, ${field.items}, ${field.max})`);
      break;
    case "offices":
      expect(check, label).toContain(`public.is_text_lines(${n}, ${field.items}, ${field.max})`);
      expect(checksOf(table, OFFICE_ADDRESSES), label).toContain(
        `public.is_office_addresses(${OFFICE_ADDRESSES}, ${field.items}, ${OFFICE_LIMITS.address})`,
      );
      expect(LATER).toContain(`public.is_plain_line(e.key, 1, ${OFFICE_LIMITS.city})`);
      break;
    case "text":
      expect(check, label).toContain(
        `public.is_plain_line(${n}, ${field.optional ? 0 : field.min}, ${field.max})`,
      );
      break;
    case "phone":
      expect(check, label).toContain(`public.is_phone_number(${n})`);
      expect(functionSql("is_phone_number")).toContain(
        `public.is_plain_line(v, ${field.min}, ${field.max})`,
      );
      break;
    case "email":
      expect(check, label).toContain(`public.is_site_email(${n})`);
      expect(functionSql("is_site_email")).toContain(`char_length(v) between 3 and ${field.max}`);
      break;
    case "number":
      expect(check, label).toContain(`between ${field.range?.[0]} and ${field.range?.[1]}`);
      break;
    case "select":
      expect(check, label).toContain(
        `${n} in (${(field.options ?? []).map((option) => `'${option}'`).join(", ")})`,
      );
      break;
    case "image":
      expect(check, label).toContain(`public.is_site_image(${n})`);
      break;
    case "slug":
      expect(check, label).toContain("public.is_slug(slug)");
      break;
    case "socialLinks":
      expect(check, label).toContain("public.is_social_links_of_networks(social_links)");
      break;
    case "processSteps":
      expect(check, label).toContain("public.is_process_steps_text(process)");
      break;
    // A price is checked below; a flag, a category (a foreign key) and a date (timestamptz) are
    // types the database enforces itself.
    case "price":
    case "boolean":
    case "category":
    case "date":
      break;
    default:
      expect.fail(`${label}: field type ${field.type} has no database rule in this test`);
  }
}

describe("the editors' limits are the database's", () => {
  it.each(Object.values(KINDS).map((kind) => [kind.name, kind] as const))("%s", (_name, kind) => {
    for (const field of kind.fields) expectRule(kind.entity, field);
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
    expect(functionSql("is_process_steps_text")).toContain(
      `is_translated_line(step -> 'title', ${PROCESS_LIMITS.title})`,
    );
    expect(functionSql("is_process_steps_text")).toContain(
      `is_translated_paragraph(step -> 'description', ${PROCESS_LIMITS.description})`,
    );
    expect(KINDS.services.fields.find((f) => f.type === "processSteps")?.items).toBe(12);
    expect(KINDS.settings.fields.find((f) => f.type === "socialLinks")?.items).toBe(10);
    expect(SQL).toContain(`in (${SOCIAL_NETWORKS.map((n) => `'${n}'`).join(", ")})`);
    expect(checksOf("services", "price_unit")).toContain(
      PRICE_UNITS.map((u) => `'${u}'`).join(", "),
    );
    expect(checksOf("services", "price_min")).toContain(`price_min <= ${PRICE_MAX}`);
    expect(SQL).toContain("v ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(v) <= 80");
    expect(KINDS.services.fields.find((f) => f.name === "icon")?.options).toEqual(SERVICE_ICONS);
    expect(checksOf("content_redirects", "old_slug")).toContain("public.is_slug(old_slug)");
  });

  it("writes every pattern of stored-rules.ts into the migration, unchanged", () => {
    const line = functionSql("is_text_line");
    expect(line).toContain(`v !~ ${literal(NOT_IN_A_LINE)}`);
    expect(line).toContain(`v ~ ${literal(NOT_A_SPACE)}`);
    const paragraph = functionSql("is_text_paragraph");
    expect(paragraph).toContain(`v !~ ${literal(NOT_IN_A_PARAGRAPH)}`);
    expect(paragraph).toContain(`v ~ ${literal(NOT_A_SPACE)}`);
    const email = functionSql("is_site_email");
    for (const part of [EMAIL_TEMPLATE, EMAIL_ATOM, EMAIL_LABEL, EMAIL_WORD]) {
      expect(email).toContain(literal(part));
    }
    const phone = functionSql("is_phone_number");
    expect(phone).toContain(`v ~ ${literal(PHONE_CHARACTERS)}`);
    expect(phone).toContain(`v ~ ${literal(PHONE_DIGITS)}`);
    const links = functionSql("is_social_links_of_networks");
    expect(links).toContain(`~ ${literal(NOT_IN_A_LINE)}`);
    expect(links).toContain(`~ ${literal(A_SPACE)}`);
    for (const network of SOCIAL_NETWORKS) {
      expect(links).toContain(`when '${network}' then ${literal(socialUrlPattern(network))}`);
    }
    expect(Object.keys(NETWORK_HOSTS).sort()).toEqual([...SOCIAL_NETWORKS].sort());
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
