/**
 * Moves the site's content (supabase/migrations/20261204000001_site_content.sql) between
 * backends, e.g. from the embedded backend of a one-VPS site to a hosted Supabase project:
 *
 *   npm run content:export -- content.json            (reads the configured backend)
 *   npm run content:import -- content.json [--prune]  (writes the configured backend)
 *
 * The backend is chosen as for `npm run admin:grant` (scripts/lib/service-role-target.ts):
 * SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY, else the embedded backend's data directory. Items are
 * matched by their natural key (slug, name, placement and position, id for the legal pages and
 * the settings), never by database id, so importing twice changes nothing; `--prune` also
 * deletes the target's items the file does not have. Drafts travel too; the history does not
 * (the target keeps its own, and the import is recorded there as new versions). Running sites
 * show the import within 5 minutes (their content snapshot's age), or at once after a restart.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { type AdminApiTarget, withServiceRole } from "./lib/service-role-target.ts";

type Row = Record<string, unknown>;

/** The tables, in the order an import needs (categories before the projects naming them). */
const TABLES = [
  { table: "site_settings", key: ["id"] },
  { table: "legal_documents", key: ["id"] },
  { table: "services", key: ["slug"] },
  { table: "portfolio_categories", key: ["slug"] },
  { table: "portfolio_projects", key: ["slug"] },
  { table: "team_members", key: ["name"] },
  { table: "testimonials", key: ["name"] },
  { table: "site_figures", key: ["placement", "position"] },
  { table: "chat_options", key: ["slug"] },
] as const;

type TableName = (typeof TABLES)[number]["table"];

/** Columns each backend sets itself: never exported, never written. */
const OWN_COLUMNS = ["version", "created_at", "updated_at"];

export interface ContentFile {
  format: "agency-site-content";
  version: 1;
  exportedAt: string;
  tables: Record<TableName, Row[]>;
}

function client(target: AdminApiTarget): SupabaseClient {
  return createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

async function rowsOf(db: SupabaseClient, table: string): Promise<Row[]> {
  const { data, error } = await db.from(table).select("*").order("id").limit(10_000);
  if (error) throw new Error(`Could not read ${table}: ${error.message}`);
  return (data ?? []) as Row[];
}

const withoutOwnColumns = (row: Row, dropId: boolean): Row =>
  Object.fromEntries(
    Object.entries(row).filter(
      ([column]) => !OWN_COLUMNS.includes(column) && !(dropId && column === "id"),
    ),
  );

/** Everything the site's pages show, drafts included, without database ids (projects name their category by slug). */
export async function exportContent(target: AdminApiTarget): Promise<ContentFile> {
  const db = client(target);
  const categories = await rowsOf(db, "portfolio_categories");
  const slugOfCategory = new Map(categories.map((c) => [c.id, c.slug]));
  const tables = {} as Record<TableName, Row[]>;
  for (const { table, key } of TABLES) {
    const naturalId = (key as readonly string[]).includes("id");
    tables[table] = (await rowsOf(db, table)).map((row) => {
      const kept = withoutOwnColumns(row, !naturalId);
      if (table !== "portfolio_projects") return kept;
      const { category_id, ...rest } = kept;
      return { ...rest, category_slug: slugOfCategory.get(category_id) ?? null };
    });
  }
  return {
    format: "agency-site-content",
    version: 1,
    exportedAt: new Date().toISOString(),
    tables,
  };
}

const keyOf = (row: Row, key: readonly string[]) => JSON.stringify(key.map((k) => row[k]));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** Writes `file` into the target: creates what is missing, updates what differs. */
export async function importContent(
  target: AdminApiTarget,
  file: ContentFile,
  { prune = false }: { prune?: boolean } = {},
): Promise<ImportReport> {
  if (file.format !== "agency-site-content" || file.version !== 1) {
    throw new Error("This is not a site content file (npm run content:export writes one).");
  }
  const db = client(target);
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  const leftOver: [TableName, Map<string, Row>][] = [];
  for (const { table, key } of TABLES) {
    let wanted = file.tables[table] ?? [];
    if (table === "portfolio_projects") {
      const categories = await rowsOf(db, "portfolio_categories");
      const idOfCategory = new Map(categories.map((c) => [c.slug, c.id]));
      wanted = wanted.map(({ category_slug, ...row }) => ({
        ...row,
        category_id: idOfCategory.get(category_slug) ?? null,
      }));
    }
    const existing = new Map((await rowsOf(db, table)).map((row) => [keyOf(row, key), row]));
    for (const row of wanted) {
      const found = existing.get(keyOf(row, key));
      existing.delete(keyOf(row, key));
      if (!found) {
        const { error } = await db.from(table).insert(row);
        if (error) throw new Error(`Could not add to ${table}: ${error.message}`);
        report.created++;
        continue;
      }
      const changed = Object.fromEntries(
        Object.entries(row).filter(([column, value]) => !same(found[column], value)),
      );
      if (Object.keys(changed).length === 0) {
        report.unchanged++;
        continue;
      }
      const { error } = await db.from(table).update(changed).eq("id", found.id);
      if (error) throw new Error(`Could not update ${table}: ${error.message}`);
      report.updated++;
    }
    if (table !== "site_settings" && table !== "legal_documents") leftOver.push([table, existing]);
  }
  // Pruned last, dependents first (a category goes after the projects that named it).
  if (prune) {
    for (const [table, rows] of leftOver.reverse()) {
      for (const row of rows.values()) {
        const { error } = await db.from(table).delete().eq("id", row.id);
        if (error) throw new Error(`Could not delete from ${table}: ${error.message}`);
        report.deleted++;
      }
    }
  }
  return report;
}

const USAGE =
  "Usage: npm run content:export -- <file>   |   npm run content:import -- <file> [--prune]";

export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, path, ...flags] = argv;
  const prune = flags.includes("--prune");
  if (
    !path ||
    (command !== "export" && command !== "import") ||
    flags.some((f) => f !== "--prune")
  ) {
    console.error(USAGE);
    return 2;
  }
  try {
    if (command === "export") {
      const file = await withServiceRole(env, exportContent);
      writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
      const count = Object.values(file.tables).reduce((sum, rows) => sum + rows.length, 0);
      console.log(`Exported ${count} items to ${path}.`);
    } else {
      const file = JSON.parse(readFileSync(path, "utf8")) as ContentFile;
      const report = await withServiceRole(env, (target) => importContent(target, file, { prune }));
      console.log(
        `Imported ${path}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.deleted} deleted.`,
      );
    }
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
