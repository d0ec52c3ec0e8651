/**
 * The database thread keeps PGlite's transaction semantics (one transaction at a time,
 * statements outside it wait, an error rolls it back) and adds the watchdog's: a transaction
 * whose statement was stopped is gone — its later statements fail with 25P02 as in any aborted
 * Postgres transaction, it cannot commit — while the next one runs on the reopened database.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabaseThread } from "../db/thread-database.ts";
import type { Database } from "../db/types.ts";
import { createTestDataDir } from "../template.ts";

let dir: string;
let db: Database;
const logged: string[] = [];

beforeAll(async () => {
  dir = await createTestDataDir();
  db = await openDatabaseThread(join(dir, "pgdata"), (line) => logged.push(line));
  await db.exec("create table public.t (id int primary key, note text)");
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async () =>
  (await db.query<{ id: number }>("select id from public.t order by id")).rows.map((r) => r.id);

describe("transactions on the database thread", () => {
  it("runs one at a time; statements outside wait for the open one", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.query("insert into public.t values (1, 'first')");
      order.push("first wrote");
      await held;
      order.push("first commits");
    });
    const second = db.transaction(async (tx) => {
      order.push("second began");
      await tx.query("insert into public.t values (2, 'second')");
    });
    const outside = db.query("select count(*)::int as n from public.t").then(({ rows }) => {
      order.push(`outside saw ${rows[0]?.n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second, outside]);
    expect(order).toEqual(["first wrote", "first commits", "second began", "outside saw 2"]);
  });

  it("rolls back when the function throws, and closes the transaction after commit", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into public.t values (3, 'doomed')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    let kept: { query(sql: string): Promise<unknown> } | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept?.query("select 1")).rejects.toThrow("Transaction is closed");
    expect(await rows()).toEqual([1, 2]);
  });

  it("fails the commit of a transaction whose statement failed, as PGlite does", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into public.t values (7, 'swallowed')");
        await tx.query("select 1 / 0").catch(() => {});
      }),
    ).rejects.toMatchObject({ code: "25P02" });
    expect(await rows()).toEqual([1, 2]);
  });

  it("runs a prelude with the next statement and ends a lazily committed read-only one", async () => {
    const seen = await db.transaction(async (tx) => {
      tx.prelude("select set_config('app.marker', 'set', true)");
      tx.commitLazily();
      return (await tx.query<{ v: string }>("select current_setting('app.marker') as v")).rows;
    });
    expect(seen).toEqual([{ v: "set" }]);
    // The transaction ended before the next statement: its local setting is gone.
    const after = await db.query<{ v: string }>("select current_setting('app.marker', true) as v");
    expect(after.rows[0]?.v).toBe("");
    // Whatever comes next runs outside it: VACUUM refuses a transaction block.
    await db.transaction(async (tx) => {
      tx.commitLazily();
      await tx.query("select 1");
    });
    await expect(db.exec("vacuum public.t")).resolves.toBeDefined();
  });

  it("loses a transaction whose statement was stopped: 25P02 after, no commit", async () => {
    const bounded = db.scoped({ timeoutMs: 300 });
    const seen: string[] = [];
    await expect(
      bounded.transaction(async (tx) => {
        await tx.query("insert into public.t values (4, 'lost')");
        await tx.query("select pg_sleep(5)").catch((error) => seen.push(error.code));
        await tx.query("insert into public.t values (5, 'after')").catch((error) => {
          seen.push(error.code);
        });
        // Returning normally must not commit anything.
      }),
    ).rejects.toMatchObject({ code: "57014" });
    expect(seen).toEqual(["57014", "25P02"]);
    expect(await rows()).toEqual([1, 2]);
    expect(db.reopens).toBe(1);
    await db.transaction(async (tx) => {
      await tx.query("insert into public.t values (6, 'next')");
    });
    expect(await rows()).toEqual([1, 2, 6]);
  });

  it("reopens without leaking file descriptors", async () => {
    const open = () => readdirSync("/proc/self/fd").length;
    const before = open();
    const bounded = db.scoped({ timeoutMs: 200 });
    for (let i = 0; i < 5; i++) {
      await expect(bounded.query("select pg_sleep(5)")).rejects.toMatchObject({ code: "57014" });
    }
    expect(await rows()).toEqual([1, 2, 6]);
    expect(db.reopens).toBe(6);
    // The stopped threads' files were closed with them (a few may be open in passing).
    expect(open() - before).toBeLessThan(10);
  });

  it("bounds statements by the database's own statement_timeout when none is given", async () => {
    const { rows } = await db.query<{ timeout: string }>(
      "select current_setting('statement_timeout') as timeout",
    );
    expect(rows[0]?.timeout).toBe("2min");
  });
});
