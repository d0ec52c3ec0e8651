/**
 * Reads the site's content from a backend and writes a content file into one, through the Data
 * API with the service role (hosted Supabase or the embedded backend alike).
 *
 * The export reads every content table; items carry no database ids (a project names its
 * category by slug, an old slug the item it leads to by slug). The import sends the file in
 * parts and asks the database to apply it in one transaction (public.content_import,
 * supabase/migrations/20261207000003_content_transfer.sql): all of it, or — at the first row
 * the database refuses — nothing, with the table, row and field it refused.
 */
import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import {
  type ContentFile,
  CURRENT_VERSION,
  type Row,
  summarize,
  TABLES,
  type TableName,
} from "./content-file.ts";
import { type ImportRefusal, refusalInWords } from "./content-words.ts";
import type { AdminApiTarget } from "./service-role-target.ts";

/** Columns each backend sets itself: never exported, never written. */
const OWN_COLUMNS = ["version", "created_at", "updated_at"];
/** The tables whose ids are their natural keys (kept in the file). */
const NATURAL_IDS: readonly TableName[] = ["site_settings", "legal_documents"];
/** Rows read per request (hosted Supabase answers at most 1 000 by default). */
const PAGE = 1000;

function client(target: AdminApiTarget): SupabaseClient {
  return createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

async function rowsOf(db: SupabaseClient, table: TableName): Promise<Row[]> {
  const order = table === "content_redirects" ? ["entity", "old_slug"] : ["id"];
  const rows: Row[] = [];
  for (let from = 0; ; from += PAGE) {
    let query = db.from(table).select("*");
    for (const column of order) query = query.order(column);
    const { data, error } = await query.range(from, from + PAGE - 1);
    if (error) throw new Error(`Could not read ${table}: ${error.message}`);
    rows.push(...((data ?? []) as Row[]));
    if ((data ?? []).length < PAGE) return rows;
  }
}

const withoutOwnColumns = (row: Row, dropId: boolean): Row =>
  Object.fromEntries(
    Object.entries(row).filter(
      ([column]) => !OWN_COLUMNS.includes(column) && !(dropId && column === "id"),
    ),
  );

/** Every item of every content table, drafts included, without database ids. */
export async function exportContent(target: AdminApiTarget): Promise<ContentFile> {
  const db = client(target);
  const read = {} as Record<TableName, Row[]>;
  for (const table of TABLES) read[table] = await rowsOf(db, table);
  const slugById = (table: TableName) => new Map(read[table].map((row) => [row.id, row.slug]));
  const categorySlug = slugById("portfolio_categories");
  const targetSlug = {
    services: slugById("services"),
    portfolio_projects: slugById("portfolio_projects"),
  } as Record<string, Map<unknown, unknown>>;

  const tables = {} as Record<TableName, Row[]>;
  for (const table of TABLES) {
    if (table === "content_redirects") {
      // An old slug leads to its item by the item's slug; null: the item was deleted (410).
      tables[table] = read[table].flatMap(({ entity, old_slug, target_id }) => {
        const slug = target_id === null ? null : targetSlug[String(entity)]?.get(target_id);
        return slug === undefined ? [] : [{ entity, old_slug, target_slug: slug }];
      });
      continue;
    }
    tables[table] = read[table].map((row) => {
      const kept = withoutOwnColumns(row, !NATURAL_IDS.includes(table));
      if (table !== "portfolio_projects") return kept;
      const { category_id, ...rest } = kept;
      return { ...rest, category_slug: categorySlug.get(category_id) ?? null };
    });
  }
  return {
    format: "agency-site-content",
    version: CURRENT_VERSION,
    exportedAt: new Date().toISOString(),
    summary: summarize(tables),
    tables,
  };
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Blog categories and tags --prune kept because posts of the target carry them. */
  kept: number;
}

/** The database refused a row: nothing was imported. */
export class ImportRefused extends Error {
  readonly refusal: ImportRefusal;
  constructor(path: string, refusal: ImportRefusal) {
    super(refusalInWords(path, refusal));
    this.refusal = refusal;
  }
}

/**
 * Characters per part: at most 3 bytes each in UTF-8, and escaping in the request's JSON
 * doubles only ASCII quotes and backslashes — so a part stays well under the embedded
 * backend's 1 MiB request limit.
 */
const PART_LENGTH = 200_000;

/** `text` in parts of at most `size` UTF-16 units, never splitting a surrogate pair. */
export function partsOf(text: string, size = PART_LENGTH): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/**
 * Writes `file` into the target in one transaction: creates what is missing, updates what
 * differs, and with `prune` deletes what the file lacks. Throws ImportRefused (nothing written)
 * when the database refuses a row.
 */
export async function importContent(
  target: AdminApiTarget,
  file: ContentFile,
  { prune = false, path = "the file" }: { prune?: boolean; path?: string } = {},
): Promise<ImportReport> {
  if (file?.format !== "agency-site-content" || (file.version !== 1 && file.version !== 2)) {
    throw new Error("This is not a site content file (npm run content:export writes one).");
  }
  const db = client(target);
  const text = JSON.stringify({ format: file.format, version: file.version, tables: file.tables });
  const parts = partsOf(text);
  const upload = randomUUID();
  for (const [index, body] of parts.entries()) {
    const { error } = await db.rpc("content_import_part", {
      p_upload: upload,
      p_part: index,
      p_body: body,
    });
    if (error) throw new Error(`Could not send the file (part ${index + 1}): ${error.message}`);
  }
  const { data, error } = await db.rpc("content_import", {
    p_upload: upload,
    p_parts: parts.length,
    p_prune: prune,
  });
  if (error) throw new Error(`Nothing was imported: ${error.message}`);
  const answer = data as (ImportReport & { refused?: undefined }) | { refused: ImportRefusal };
  if (answer.refused) throw new ImportRefused(path, answer.refused);
  return answer as ImportReport;
}
