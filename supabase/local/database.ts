/**
 * Opens the embedded Postgres (PGlite on NodeFS) and brings it to the current schema:
 * bootstrap (Supabase-provided roles and `auth` schema) → `supabase/migrations/*.sql` in
 * filename order (tracked in supabase_migrations.schema_migrations) → `supabase/seed.sql`
 * once, on first initialisation.
 *
 * The running backend opens it on a thread of its own, every statement under a watchdog
 * (`prepareDatabase`, db/thread.ts); tools that own the directory for a moment (`npm run
 * db:types`, `npm run backup` of a stopped backend, the real-Postgres test) open it in their
 * own thread (`openDatabase`). Durability: db/pglite.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPGlite } from "./db/pglite.ts";
import type { DatabaseSettings } from "./db/settings.ts";
import { openDatabaseThread } from "./db/thread-database.ts";
import type { Database } from "./db/types.ts";

/** The project's `supabase/` folder, found from this file, not from the cwd. */
export const SUPABASE_DIR = join(import.meta.dirname, "..");
const BOOTSTRAP_FILE = join(import.meta.dirname, "sql", "bootstrap.sql");

/**
 * What the schema steps need of a database: PGlite satisfies it, and so does a real PostgreSQL
 * server behind test/support/real-postgres.ts (the same steps prove the SQL on both).
 */
export interface SqlTarget {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
}

export interface SqlTransaction {
  /** Runs a script of one or more statements (simple protocol). */
  exec(sql: string): Promise<unknown>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface PreparedDatabase {
  db: Database;
  /** True when this start created the database (seed applied, admin may be generated). */
  fresh: boolean;
}

/**
 * PGlite on `pgdata` in the calling thread, without the backend's watchdog: for a tool that
 * holds the directory alone for a moment. Statements here cannot be stopped.
 */
export function openDatabase(pgdata: string): Promise<PGlite> {
  return openPGlite(pgdata);
}

export function migrationFiles(supabaseDir = SUPABASE_DIR): string[] {
  const dir = join(supabaseDir, "migrations");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Hash of everything that shapes a fresh database (used to cache test templates). */
export function schemaFingerprint(supabaseDir = SUPABASE_DIR): string {
  const hash = createHash("sha256");
  const seed = join(supabaseDir, "seed.sql");
  for (const file of [BOOTSTRAP_FILE, ...migrationFiles(supabaseDir), seed]) {
    if (!existsSync(file)) continue;
    hash
      .update(file.slice(supabaseDir.length))
      .update("\0")
      .update(readFileSync(file))
      .update("\0");
  }
  return hash.digest("hex");
}

/** A database is "fresh" until its seed step has completed once (survives a crash mid-init). */
async function isSeeded(db: SqlTarget): Promise<boolean> {
  const { rows } = await db.query<{ table: string | null }>(
    "select to_regclass('supabase_migrations.seed_files')::text as table",
  );
  if (!rows[0]?.table) return false;
  const seeded = await db.query("select 1 from supabase_migrations.seed_files limit 1");
  return seeded.rows.length > 0;
}

async function applyMigrations(db: SqlTarget, log: (line: string) => void): Promise<void> {
  const { rows } = await db.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations",
  );
  const applied = new Set(rows.map((row) => row.version));
  for (const file of migrationFiles()) {
    const base = file.slice(file.lastIndexOf("/") + 1, -".sql".length);
    const separator = base.indexOf("_");
    const version = base.slice(0, separator);
    if (applied.has(version)) continue;
    const sql = readFileSync(file, "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)",
        [version, base.slice(separator + 1)],
      );
    });
    log(`applied migration ${base}`);
  }
}

async function applySeed(db: SqlTarget, log: (line: string) => void): Promise<void> {
  const file = join(SUPABASE_DIR, "seed.sql");
  const sql = existsSync(file) ? readFileSync(file, "utf8") : "";
  const hash = createHash("sha256").update(sql).digest("hex");
  await db.transaction(async (tx) => {
    if (sql.trim()) await tx.exec(sql);
    await tx.query("insert into supabase_migrations.seed_files (path, hash) values ($1, $2)", [
      "supabase/seed.sql",
      hash,
    ]);
  });
  log("applied supabase/seed.sql");
}

/** Runs bootstrap.sql unless this exact version was already applied to the database. */
async function applyBootstrap(db: SqlTarget): Promise<void> {
  const sql = readFileSync(BOOTSTRAP_FILE, "utf8");
  const hash = createHash("sha256").update(sql).digest("hex");
  const { rows } = await db.query<{ table: string | null }>(
    "select to_regclass('_local.settings')::text as table",
  );
  if (rows[0]?.table) {
    const applied = await db.query("select 1 from _local.settings where key = $1 and value = $2", [
      "bootstrap_hash",
      hash,
    ]);
    if (applied.rows.length > 0) return;
  }
  await db.transaction(async (tx) => {
    await tx.exec(sql);
    await tx.query(
      `insert into _local.settings (key, value) values ('bootstrap_hash', $1)
       on conflict (key) do update set value = excluded.value`,
      [hash],
    );
  });
}

/**
 * Bootstrap, then the migrations not applied yet, then the seed when the database has never
 * been seeded. Returns whether it was (the database is "fresh").
 */
export async function bringToSchema(db: SqlTarget, log: (line: string) => void): Promise<boolean> {
  const fresh = !(await isSeeded(db));
  await applyBootstrap(db);
  await applyMigrations(db, log);
  if (fresh) await applySeed(db, log);
  return fresh;
}

/** The backend's database: opened on its own thread, brought to the schema. */
export async function prepareDatabase(
  pgdata: string,
  log: (line: string) => void,
  settings: DatabaseSettings,
): Promise<PreparedDatabase> {
  const db = await openDatabaseThread(pgdata, log, settings);
  try {
    return { db, fresh: await bringToSchema(db, log) };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
