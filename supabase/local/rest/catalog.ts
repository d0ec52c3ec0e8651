/**
 * Live catalog of schema `public` (tables/views and their columns, primary keys). Every
 * identifier from a request is checked against it before it is double-quoted into SQL.
 */
import type { PGlite } from "@electric-sql/pglite";

export interface TableInfo {
  name: string;
  columns: Set<string>;
  primaryKey: string[];
}

export interface Catalog {
  /** The table, reloading the catalog (at most once a second) when it is not known. */
  table(name: string): Promise<TableInfo | undefined>;
  tableNames(): string[];
}

const RELOAD_INTERVAL_MS = 1000;

async function loadTables(db: PGlite): Promise<Map<string, TableInfo>> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Set(), primaryKey: [] };
      tables.set(row.table_name, table);
    }
    table.columns.add(row.column_name);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  return tables;
}

export async function createCatalog(db: PGlite): Promise<Catalog> {
  let tables = await loadTables(db);
  let loadedAt = Date.now();
  return {
    async table(name) {
      const known = tables.get(name);
      if (known || Date.now() - loadedAt < RELOAD_INTERVAL_MS) return known;
      tables = await loadTables(db);
      loadedAt = Date.now();
      return tables.get(name);
    },
    tableNames: () => [...tables.keys()],
  };
}
