/**
 * The daily sums kept batch by batch (supabase/migrations/20261207000001_analytics_sums.sql)
 * are exactly what analytics_aggregate computes from scratch over the same raw events —
 * distinct visitors per value, entry pages, sources and campaigns taken from each visitor's
 * earliest view of the day — however the events are split into batches and whatever order the
 * batches arrive in: on the embedded backend's PGlite (PostgreSQL 18) and on PostgreSQL 17,
 * where two connections also write at once.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { bringToSchema, openDatabase } from "@jenga/supabase-local/database";
import { createTestDataDir } from "@jenga/supabase-local/testing";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AS_SERVICE_ROLE,
  batchesOf,
  keptSums,
  type RandomEvent,
  randomEvent,
  record,
  sumsFromScratch,
} from "../support/analytics-sums.ts";
import { type RealPostgres, sqlTarget, startRealPostgres } from "../support/real-postgres.ts";
import { pgliteSession, pgSession, type SqlSession } from "../support/sql-session.ts";

let pglite: PGlite | undefined;
let pgliteDir: string | undefined;
let server: RealPostgres | undefined;
let second: pg.Client | undefined;

beforeAll(async () => {
  const [embedded, real] = await Promise.allSettled([
    (async () => {
      pgliteDir = await createTestDataDir();
      pglite = await openDatabase(join(pgliteDir, "pgdata"));
    })(),
    (async () => {
      server = await startRealPostgres();
      expect(await bringToSchema(sqlTarget(server.client), () => {})).toBe(true);
      const { host, port, user, password, database } = server.client;
      second = new pg.Client({ host, port, user, password, database });
      await second.connect();
    })(),
  ]);
  for (const started of [embedded, real]) if (started.status === "rejected") throw started.reason;
}, 120_000);

afterAll(async () => {
  await second?.end().catch(() => {});
  await Promise.all([server?.stop(), pglite?.close()]);
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

/** Runs `body` as the service role in a transaction that is rolled back. */
async function inRolledBack<T>(session: SqlSession, body: () => Promise<T>): Promise<T> {
  await session.script("begin");
  try {
    await session.query(AS_SERVICE_ROLE);
    return await body();
  } finally {
    await session.script("rollback");
  }
}

const splitEvents = fc.array(randomEvent, { minLength: 1, maxLength: 40 });

async function sameSumsAsFromScratch(session: SqlSession, events: RandomEvent[]) {
  return inRolledBack(session, async () => {
    let stored = 0;
    for (const batch of batchesOf(events)) stored += (await record(session, batch)).stored ?? 0;
    expect(stored).toBe(events.length);
    const [kept, scratch] = [await keptSums(session), await sumsFromScratch(session)];
    expect(kept).toEqual(scratch);
  });
}

describe("incremental analytics sums", () => {
  it("equal the from-scratch aggregate for random events in random out-of-order batches (PGlite)", async () => {
    const session = pgliteSession(pglite as PGlite);
    await fc.assert(
      fc.asyncProperty(splitEvents, (events) => sameSumsAsFromScratch(session, events)),
      { numRuns: 150 },
    );
  }, 120_000);

  it("equal it on PostgreSQL 17 as well", async () => {
    const session = pgSession((server as RealPostgres).client);
    await fc.assert(
      fc.asyncProperty(splitEvents, (events) => sameSumsAsFromScratch(session, events)),
      { numRuns: 100 },
    );
  }, 120_000);

  it("stay exact under the caps: every event stored or counted as dropped, no cap exceeded (PGlite)", async () => {
    const session = pgliteSession(pglite as PGlite);
    const caps = fc.record({
      budget: fc.integer({ min: 1, max: 30 }),
      browsers: fc.integer({ min: 1, max: 3 }),
      perVisitor: fc.integer({ min: 1, max: 6 }),
    });
    // Two addresses: each visitor behind one of them.
    const events = splitEvents.map((list) =>
      list.map((e) => ({ ...e, address: (Number(e.visitor[0]) % 2 ? "b" : "c").repeat(32) })),
    );
    await fc.assert(
      fc.asyncProperty(events, caps, (list, cap) =>
        inRolledBack(session, async () => {
          const fates: Record<string, number> = {};
          for (const batch of batchesOf(list)) {
            for (const [fate, n] of Object.entries(await record(session, batch, cap))) {
              fates[fate] = (fates[fate] ?? 0) + n;
            }
          }
          const { rows } = await session.query<{ day: string; visitor: string; n: number }>(
            `select day::text as day, visitor, count(*)::int as n
               from public.analytics_events where at < '2026-01-12' group by 1, 2`,
          );
          const stored = rows.reduce((sum, row) => sum + row.n, 0);
          expect(stored).toBe(fates.stored ?? 0);
          expect(Object.values(fates).reduce((a, b) => a + b, 0)).toBe(list.length);
          for (const row of rows) expect(row.n).toBeLessThanOrEqual(cap.perVisitor);
          for (const day of new Set(rows.map((row) => row.day))) {
            const ofDay = rows.filter((row) => row.day === day);
            expect(ofDay.reduce((sum, row) => sum + row.n, 0)).toBeLessThanOrEqual(cap.budget);
            for (const address of ["b", "c"]) {
              const behind = ofDay.filter(
                (row) => Number(row.visitor[0]) % 2 === (address === "b" ? 1 : 0),
              );
              expect(behind.length).toBeLessThanOrEqual(cap.browsers);
            }
          }
          expect(await keptSums(session)).toEqual(await sumsFromScratch(session));
        }),
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it("are made by the migration for the days not summed before it (PGlite)", async () => {
    const session = pgliteSession(pglite as PGlite);
    const migration = readFileSync("supabase/migrations/20261207000001_analytics_sums.sql", "utf8");
    const backfill = migration.slice(
      migration.indexOf("-- Existing data:"),
      migration.indexOf("-- Internal:"),
    );
    expect(backfill).toContain("analytics_resum");
    await fc.assert(
      fc.asyncProperty(splitEvents, (events) =>
        inRolledBack(session, async () => {
          // Events stored as the previous migration stored them: no trigger, no sums, and UTC
          // days (days were UTC days until 20261232000001_analytics_agency_days.sql).
          await session.script(`reset role; set local session_replication_role = replica;
            update public.analytics_settings set time_zone = 'UTC';`);
          await session.query(AS_SERVICE_ROLE);
          for (const batch of batchesOf(events)) await record(session, batch);
          // The tables the migration makes start empty.
          await session.script(`reset role; set local session_replication_role = origin;
            delete from public.analytics_day_counts; delete from public.analytics_addresses;`);
          expect(await keptSums(session)).toEqual([]);
          await session.script(backfill);
          expect(await keptSums(session)).toEqual(await sumsFromScratch(session));
        }),
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it("stay exact when two connections write batches of the same visitors at once (PostgreSQL 17)", async () => {
    const sessions = [pgSession((server as RealPostgres).client), pgSession(second as pg.Client)];
    await fc.assert(
      fc.asyncProperty(splitEvents, async (events) => {
        const batches = batchesOf(events);
        // Committed batches, as the site's workers write them; removed again afterwards.
        try {
          await Promise.all(
            sessions.map(async (session, lane) => {
              for (const batch of batches.filter((_, i) => i % 2 === lane)) {
                await session.script("begin");
                await session.query(AS_SERVICE_ROLE);
                await record(session, batch);
                await session.script("commit");
              }
            }),
          );
          const [main] = sessions as [SqlSession];
          expect(await keptSums(main)).toEqual(await sumsFromScratch(main));
        } finally {
          await sessions[0]?.script(`
            delete from public.analytics_events where at < '2026-01-12';
            delete from public.analytics_daily where day < '2026-01-13';
            delete from public.analytics_visitor_sums where day < '2026-01-13';
            delete from public.analytics_day_counts where day < '2026-01-13';
            delete from public.analytics_addresses where day < '2026-01-13';`);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
