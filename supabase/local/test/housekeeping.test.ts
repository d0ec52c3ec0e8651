/**
 * Housekeeping (db/housekeeping.ts) does what autovacuum and the checkpointer do on a server,
 * between statements: ANALYZE and VACUUM by autovacuum's thresholds, a CHECKPOINT once 16 MB
 * of WAL would have to be replayed by a reopen, nothing while a request waits, and little
 * when there is nothing to do.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Housekeeping, startHousekeeping } from "../db/housekeeping.ts";
import { openDatabaseThread } from "../db/thread-database.ts";
import type { Database } from "../db/types.ts";
import { createTestDataDir } from "../template.ts";

let dir: string;
let db: Database;
let housekeeping: Housekeeping;

beforeAll(async () => {
  dir = await createTestDataDir();
  db = await openDatabaseThread(join(dir, "pgdata"), () => {});
  // A long interval: the test runs each pass itself.
  housekeeping = startHousekeeping(db, { intervalMs: 3_600_000, statistics: true }, () => {});
  await db.exec("create table public.events (id int primary key, payload text not null)");
  await housekeeping.runOnce(); // whatever the template left to do
});
afterAll(async () => {
  await housekeeping?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const walSinceCheckpoint = async () =>
  (
    await db.query<{ bytes: number }>(
      "select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()",
    )
  ).rows[0]?.bytes ?? 0;

const reltuples = async () =>
  (
    await db.query<{ n: number }>(
      "select reltuples::float8 as n from pg_class where oid = 'public.events'::regclass",
    )
  ).rows[0]?.n;

describe("housekeeping", () => {
  it("costs a few ms when there is nothing to do", async () => {
    const idle = await housekeeping.runOnce();
    expect(idle).toMatchObject({ checkpoint: false, analyzed: [], vacuumed: [], complete: true });
    expect(idle.ms).toBeLessThan(250);
  });

  it("analyzes a table past 50 + 10 % changed rows, and only then", async () => {
    await db.query("insert into public.events select g, 'x' from generate_series(1, 40) g");
    expect((await housekeeping.runOnce()).analyzed).toEqual([]);
    await db.query("insert into public.events select g, 'x' from generate_series(41, 5000) g");
    const pass = await housekeeping.runOnce();
    expect(pass.analyzed).toEqual(["public.events"]);
    expect(await reltuples()).toBe(5000);
    expect((await housekeeping.runOnce()).analyzed).toEqual([]);
  });

  it("vacuums a table past 50 + 20 % dead rows", async () => {
    await db.query("delete from public.events where id % 2 = 0");
    const pass = await housekeeping.runOnce();
    expect(pass.vacuumed).toEqual(["public.events"]);
    expect(pass.analyzed).toEqual(["public.events"]);
    expect(await reltuples()).toBe(2500);
  });

  it("checkpoints once 16 MB of WAL have accumulated", async () => {
    await db.query(
      "insert into public.events select g, repeat('x', 200) from generate_series(10001, 110000) g",
    );
    expect(await walSinceCheckpoint()).toBeGreaterThan(16 * 2 ** 20);
    const pass = await housekeeping.runOnce();
    expect(pass.checkpoint).toBe(true);
    expect(await walSinceCheckpoint()).toBeLessThan(2 ** 20);
  });

  it("does nothing while a transaction waits for the database", async () => {
    await db.query("delete from public.events where id > 10000");
    let inside: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      inside = housekeeping.runOnce();
      await inside;
    });
    expect(await inside).toMatchObject({ analyzed: [], vacuumed: [], complete: false });
    expect((await housekeeping.runOnce()).vacuumed).toEqual(["public.events"]);
  });
});
