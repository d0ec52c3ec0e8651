/**
 * The file `npm run content:export` writes and `content:import` reads (scripts/site-content.ts):
 * its format and versions, its summary (how many items, how many of them drafts), and how it
 * is written — readable by its owner only, since it holds unpublished drafts.
 *
 * Version 2 holds every table of the site's content: the settings, legal pages, services,
 * portfolio categories and projects, team, testimonials, figures, chat options, the blog's
 * categories and tags (each with its names in every language) and the old slugs that redirect.
 * Version 1 (before blog categories, tags and redirects travelled) is still read: its tables are
 * imported, the others are left as the target has them.
 */
import { randomUUID } from "node:crypto";
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

export type Row = Record<string, unknown>;

/** The tables of version 1, in the order an import writes them. */
const V1_TABLES = [
  "site_settings",
  "legal_documents",
  "services",
  "portfolio_categories",
  "portfolio_projects",
  "team_members",
  "testimonials",
  "site_figures",
  "chat_options",
] as const;

/** Every table of version 2, in the order an import writes them (redirects last). */
export const TABLES = [...V1_TABLES, "blog_categories", "blog_tags", "content_redirects"] as const;

export type TableName = (typeof TABLES)[number];

/** The tables whose items are published or drafts (the blog's terms and redirects are neither). */
export const PUBLISHABLE: readonly TableName[] = [
  "services",
  "portfolio_categories",
  "portfolio_projects",
  "team_members",
  "testimonials",
  "site_figures",
  "legal_documents",
  "chat_options",
];

export const CURRENT_VERSION = 2;

/** What the file does not hold, and why (the CLI says it, the file says it). */
export const NOT_INCLUDED =
  "Not in the file: blog posts (an article's address is its id on this backend, and posts show " +
  "images of the media library), accounts, contact messages, newsletter subscribers, the images " +
  "themselves (copy the media bucket) and the history of edits.";

export interface ContentSummary {
  /** Items per table. */
  items: Partial<Record<TableName, number>>;
  /** Unpublished items (drafts) per table: they travel, and stay unpublished. */
  drafts: Partial<Record<TableName, number>>;
  note: string;
}

export interface ContentFile {
  format: "agency-site-content";
  version: 1 | 2;
  exportedAt: string;
  summary?: ContentSummary;
  tables: Partial<Record<TableName, Row[]>>;
}

/** How many items of each table a file holds, and how many of them are drafts. */
export function summarize(tables: Partial<Record<TableName, Row[]>>): ContentSummary {
  const items: ContentSummary["items"] = {};
  const drafts: ContentSummary["drafts"] = {};
  for (const table of TABLES) {
    const rows = tables[table];
    if (!rows) continue;
    items[table] = rows.length;
    if (!PUBLISHABLE.includes(table)) continue;
    const unpublished = rows.filter((row) => row.published === false).length;
    if (unpublished > 0) drafts[table] = unpublished;
  }
  return {
    items,
    drafts,
    note:
      'Drafts travel: the rows with "published": false are unpublished items, imported ' +
      `unpublished. ${NOT_INCLUDED}`,
  };
}

export class ContentFileError extends Error {}

const isRowList = (value: unknown): value is Row[] =>
  Array.isArray(value) &&
  value.every((row) => typeof row === "object" && row !== null && !Array.isArray(row));

/**
 * The file at `path`, checked: JSON, our format, a version this script reads, a list of rows
 * per table (every table for version 2; version 1's tables for version 1).
 */
export function readContentFile(path: string): ContentFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ContentFileError(`Could not read ${path}: ${(error as Error).message}`);
  }
  let file: Partial<ContentFile>;
  try {
    file = JSON.parse(text) as Partial<ContentFile>;
  } catch (error) {
    throw new ContentFileError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return checkContentFile(file, path);
}

export function checkContentFile(
  file: Partial<ContentFile> | null,
  path = "The file",
): ContentFile {
  if (file?.format !== "agency-site-content" || typeof file.tables !== "object" || !file.tables) {
    throw new ContentFileError(
      `${path} is not a site content file (npm run content:export writes one).`,
    );
  }
  if (file.version !== 1 && file.version !== CURRENT_VERSION) {
    throw new ContentFileError(
      `${path} is a version ${String(file.version)} content file; this script reads versions 1 ` +
        `and ${CURRENT_VERSION}. Export it again with this version of the site.`,
    );
  }
  const expected: readonly TableName[] = file.version === 1 ? V1_TABLES : TABLES;
  const tables: ContentFile["tables"] = {};
  for (const [name, rows] of Object.entries(file.tables)) {
    if (!expected.includes(name as TableName)) {
      throw new ContentFileError(`${path} has a table this version does not know: ${name}.`);
    }
    if (!isRowList(rows)) {
      throw new ContentFileError(`${path}: ${name} is not a list of rows.`);
    }
    tables[name as TableName] = rows;
  }
  const missing = expected.filter((name) => !tables[name]);
  if (missing.length > 0 && file.version === CURRENT_VERSION) {
    throw new ContentFileError(`${path} lacks these tables: ${missing.join(", ")}.`);
  }
  return {
    format: "agency-site-content",
    version: file.version,
    exportedAt: String(file.exportedAt ?? ""),
    tables,
  };
}

/**
 * Writes `text` to `path` readable and writable by its owner only (mode 600), also when a file
 * with looser permissions was there: the text goes into a new file created with mode 600 beside
 * it, which then replaces the old one — a reader never sees a half-written file, and the old
 * file's permissions are never reused.
 */
export function writePrivateFile(path: string, text: string): void {
  const target = resolve(path);
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    // The process's umask only removes bits; this makes it exactly 600 whatever the umask.
    fchmodSync(fd, 0o600);
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
