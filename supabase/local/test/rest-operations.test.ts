/**
 * SQL layer of the REST handler on a scratch table (upsert conflict handling needs a table
 * with a writable primary key, which the app schema does not have).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../database.ts";
import { createCatalog, type TableInfo } from "../rest/catalog.ts";
import { insertRows, readRows } from "../rest/operations.ts";
import { createTestDataDir } from "../testing.ts";

let db: PGlite;
let dir: string;
let table: TableInfo;

beforeAll(async () => {
  dir = await createTestDataDir();
  db = await openDatabase(join(dir, "pgdata"));
  await db.exec("create table public.kv (k text primary key, v text, n int not null default 0)");
  const catalog = await createCatalog(db);
  const found = await catalog.table("kv");
  if (!found) throw new Error("kv not in catalog");
  table = found;
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = [{ column: "*" as const }];

describe("insertRows", () => {
  it("merges duplicates on the primary key and ignores them on request", async () => {
    await db.transaction((tx) =>
      insertRows(tx, table, [{ k: "a", v: "1" }], { select: all, where: [], returnRows: false }),
    );
    const merged = await db.transaction((tx) =>
      insertRows(
        tx,
        table,
        [
          { k: "a", v: "2" },
          { k: "b", v: "3" },
        ],
        {
          select: all,
          where: [],
          returnRows: true,
          resolution: "merge-duplicates",
        },
      ),
    );
    expect(JSON.parse(merged.body ?? "")).toEqual([
      { k: "a", v: "2", n: 0 },
      { k: "b", v: "3", n: 0 },
    ]);
    const ignored = await db.transaction((tx) =>
      insertRows(
        tx,
        table,
        { k: "a", v: "ignored" },
        {
          select: all,
          where: [],
          returnRows: true,
          resolution: "ignore-duplicates",
          onConflict: ["k"],
        },
      ),
    );
    expect(ignored.rows).toBe(0);
    const rows = await db.transaction((tx) =>
      readRows(tx, table, {
        select: all,
        where: [],
        order: [{ column: "k", descending: false }],
        offset: 0,
        count: true,
      }),
    );
    expect(JSON.parse(rows.body ?? "")).toEqual([
      { k: "a", v: "2", n: 0 },
      { k: "b", v: "3", n: 0 },
    ]);
    expect(rows.total).toBe(2);
  });
});
