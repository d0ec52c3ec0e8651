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
import { readRows } from "../rest/read.ts";
import { insertRows } from "../rest/write.ts";
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

const all = [{ kind: "star" as const }];
const json = { kind: "json" as const, stripNulls: false };

describe("insertRows", () => {
  it("merges duplicates on the primary key and ignores them on request", async () => {
    await db.transaction((tx) =>
      insertRows(tx, table, [{ k: "a", v: "1" }], { items: all, conditions: [] }),
    );
    const merged = await db.transaction((tx) =>
      insertRows(
        tx,
        table,
        [
          { k: "a", v: "2" },
          { k: "b", v: "3" },
        ],
        { items: all, conditions: [], output: json, resolution: "merge-duplicates" },
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
          items: all,
          conditions: [],
          output: json,
          resolution: "ignore-duplicates",
          onConflict: ["k"],
        },
      ),
    );
    expect(ignored.rows).toBe(0);
    const rows = await db.transaction((tx) =>
      readRows(tx, {
        from: `"public"."kv" as _t`,
        items: all,
        conditions: [],
        order: [{ column: "k", descending: false }],
        range: { offset: 0 },
        output: json,
        shape: "rows",
        count: "exact",
      }),
    );
    expect(JSON.parse(rows.body ?? "")).toEqual([
      { k: "a", v: "2", n: 0 },
      { k: "b", v: "3", n: 0 },
    ]);
    expect(rows.total).toBe(2);
  });
});
