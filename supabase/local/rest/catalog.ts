/**
 * Schema cache of the exposed schema (`public`): tables/views, foreign keys and functions.
 * Every identifier from a request is checked against it before it is double-quoted into SQL.
 * Like PostgREST's schema cache it can be stale; an unknown name triggers a reload (at most
 * once a second), so objects created after start-up are found.
 */
import type { Queryable } from "../db/types.ts";
import {
  loadForeignKeys,
  loadRoutines,
  loadTables,
  type Routine,
  type TableInfo,
} from "./catalog-queries.ts";

export type { Routine, RoutineParam, TableInfo } from "./catalog-queries.ts";
export { EXPOSED_SCHEMA } from "./catalog-queries.ts";

export interface Catalog {
  /** The table, reloading the catalog when it is not known. */
  table(name: string): Promise<TableInfo | undefined>;
  tableNames(): string[];
  /** Every overload of a function, reloading the catalog when there is none. */
  routines(name: string): Promise<Routine[]>;
  routineNames(): string[];
  /** Tables a foreign key links to `table` (either direction). */
  relatedTables(table: string): string[];
  /** Reloads unless that happened less than a second ago; true when it reloaded. */
  refresh(): Promise<boolean>;
}

const RELOAD_INTERVAL_MS = 1000;

interface Snapshot {
  tables: Map<string, TableInfo>;
  routines: Map<string, Routine[]>;
  related: Map<string, Set<string>>;
}

async function loadSnapshot(db: Queryable): Promise<Snapshot> {
  const [tables, routines, foreignKeys] = [
    await loadTables(db),
    await loadRoutines(db),
    await loadForeignKeys(db),
  ];
  const related = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const set = related.get(from) ?? new Set<string>();
    set.add(to);
    related.set(from, set);
  };
  for (const [source, target] of foreignKeys) {
    link(source, target);
    link(target, source);
  }
  return { tables, routines, related };
}

export async function createCatalog(db: Queryable): Promise<Catalog> {
  let snapshot = await loadSnapshot(db);
  let loadedAt = Date.now();
  let reloading: Promise<void> | undefined;

  const reloadIfStale = async (): Promise<boolean> => {
    if (Date.now() - loadedAt < RELOAD_INTERVAL_MS && !reloading) return false;
    reloading ??= loadSnapshot(db)
      .then((fresh) => {
        snapshot = fresh;
        loadedAt = Date.now();
      })
      .finally(() => {
        reloading = undefined;
      });
    await reloading;
    return true;
  };

  return {
    async table(name) {
      if (!snapshot.tables.has(name)) await reloadIfStale();
      return snapshot.tables.get(name);
    },
    tableNames: () => [...snapshot.tables.keys()],
    async routines(name) {
      if (!snapshot.routines.has(name)) await reloadIfStale();
      return snapshot.routines.get(name) ?? [];
    },
    routineNames: () => [...snapshot.routines.keys()],
    relatedTables: (table) => [...(snapshot.related.get(table) ?? [])],
    refresh: reloadIfStale,
  };
}
