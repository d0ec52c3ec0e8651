/**
 * Analytics days are the agency's days (issue 44 item 7; migration
 * 20261232000001_analytics_agency_days.sql): a view at 22:30 UTC — 01:30 the next day in
 * Nairobi — is counted on the Nairobi day in the daily sums, the daily chart and its CSV and the
 * hourly "today" window, and a visitor is counted once per Nairobi day. In SQL on the embedded
 * backend's PGlite and on PostgreSQL 17, then through the built site as the admin reads it.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { bringToSchema, openDatabase } from "@jenga/supabase-local/database";
import { createTestDataDir, TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyDay } from "~/domain/analytics/visitor.server";
import { PLAIN_VIEW } from "../support/analytics-events.ts";
import { AS_SERVICE_ROLE } from "../support/analytics-sums.ts";
import { FORM_HEADERS } from "../support/http-client.ts";
import { type RealPostgres, sqlTarget, startRealPostgres } from "../support/real-postgres.ts";
import { startTestSite, type TestSite } from "../support/site.ts";
import { pgliteSession, pgSession, type SqlSession } from "../support/sql-session.ts";

const ZONE = "Africa/Nairobi";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALICE = "a1".repeat(16);
const BOB = "b2".repeat(16);

/** A view as the site's writer sends it to analytics_record. */
const viewAt = (at: string | number, visitor: string) => ({
  ...PLAIN_VIEW,
  at: new Date(at).toISOString(),
  visitor,
  address: "c".repeat(32),
});

/**
 * Alice on 5 December (UTC): 20:30 (23:30 in Nairobi, the 5th), 21:30 and 22:30 (00:30 and
 * 01:30 on the 6th in Nairobi). By UTC days all three were one visitor-day of the 5th.
 */
const ALICE_VIEWS = ["2026-12-05T20:30:00Z", "2026-12-05T21:30:00Z", "2026-12-05T22:30:00Z"];

async function record(session: SqlSession, events: object[], zone: string | null) {
  await session.query(
    "select * from public.analytics_record(null, $1::jsonb, '[]'::jsonb, 1000, 100, 300, $2)",
    [JSON.stringify(events), zone],
  );
}

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

async function sums(session: SqlSession, dimension: string) {
  const { rows } = await session.query<{ day: string; value: string; n: string }>(
    `select day::text as day, value, views || '/' || visitors as n from public.analytics_daily
      where day between '2026-12-04' and '2026-12-07' and dimension = $1 order by 1, 2`,
    [dimension],
  );
  return rows.map((row) => `${row.day} ${row.value} ${row.n}`.replace("  ", " "));
}

async function series(session: SqlSession, from: string, to: string, hourly: boolean) {
  const { rows } = await session.query<{ at: string; n: string }>(
    `select to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as at,
            s.views || '/' || s.visitors as n
       from public.analytics_series($1::date, $2::date, $3) s where s.views > 0`,
    [from, to, hourly],
  );
  return rows.map((row) => `${row.at} ${row.n}`);
}

let pglite: PGlite | undefined;
let pgliteDir: string | undefined;
let server: RealPostgres | undefined;
const sessions: Record<string, SqlSession> = {};

describe("analytics days in SQL (PGlite and PostgreSQL 17)", () => {
  beforeAll(async () => {
    const [embedded, real] = await Promise.allSettled([
      (async () => {
        pgliteDir = await createTestDataDir();
        pglite = await openDatabase(join(pgliteDir, "pgdata"));
        sessions.PGlite = pgliteSession(pglite);
      })(),
      (async () => {
        server = await startRealPostgres();
        expect(await bringToSchema(sqlTarget(server.client), () => {})).toBe(true);
        sessions["PostgreSQL 17"] = pgSession(server.client);
      })(),
    ]);
    for (const started of [embedded, real]) if (started.status === "rejected") throw started.reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([server?.stop(), pglite?.close()]);
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });

  for (const name of ["PGlite", "PostgreSQL 17"]) {
    it(`count a 22:30 UTC view on the next Nairobi day, its visitor once per Nairobi day (${name})`, async () => {
      const session = sessions[name] as SqlSession;
      await inRolledBack(session, async () => {
        await record(
          session,
          ALICE_VIEWS.map((at) => viewAt(at, ALICE)),
          ZONE,
        );
        const { rows } = await session.query<{ day: string }>(
          "select day::text as day from public.analytics_events order by at",
        );
        expect(rows.map((row) => row.day)).toEqual(["2026-12-05", "2026-12-06", "2026-12-06"]);
        // [day value views/visitors]: one visitor on each Nairobi day, not one on the UTC 5th.
        expect(await sums(session, "total")).toEqual(["2026-12-05 1/1", "2026-12-06 2/1"]);
        expect(await sums(session, "hour")).toEqual([
          "2026-12-05 23 1/1",
          "2026-12-06 00 1/1",
          "2026-12-06 01 1/1",
        ]);
        // The daily chart: each day's point at the instant it begins in Nairobi (21:00 UTC).
        expect(await series(session, "2026-12-04", "2026-12-07", false)).toEqual([
          "2026-12-04T21:00Z 1/1",
          "2026-12-05T21:00Z 2/1",
        ]);
        // The 6th hour by hour: its first hour begins at 21:00 UTC; 22:30 UTC is in 01:00–02:00.
        const { rows: hours } = await session.query<{ n: string }>(
          "select count(*)::text as n from public.analytics_series('2026-12-06', '2026-12-07', true)",
        );
        expect(hours[0]?.n).toBe("24");
        expect(await series(session, "2026-12-06", "2026-12-07", true)).toEqual([
          "2026-12-05T21:00Z 1/1",
          "2026-12-05T22:00Z 1/1",
        ]);
      });
    });

    it(`take the zone from the site's configuration, and refuse one it does not know (${name})`, async () => {
      const session = sessions[name] as SqlSession;
      await inRolledBack(session, async () => {
        // AGENCY_TIME_ZONE=UTC: the three views are one visitor-day of the 5th, as before.
        await record(
          session,
          ALICE_VIEWS.map((at) => viewAt(at, BOB)),
          "UTC",
        );
        expect(await sums(session, "total")).toEqual(["2026-12-05 3/1"]);
        const { rows } = await session.query<{ zone: string }>(
          "select public.analytics_time_zone() as zone",
        );
        expect(rows[0]?.zone).toBe("UTC");
        // A batch without a zone keeps the one kept.
        await record(session, [viewAt("2026-12-06T22:30:00Z", BOB)], null);
        expect(await sums(session, "total")).toEqual(["2026-12-05 3/1", "2026-12-06 1/1"]);
        // So does a row inserted without its day (a SQL console's): the kept zone's day.
        await session.script(`update public.analytics_settings set time_zone = '${ZONE}';
          insert into public.analytics_events (at, kind, path, lang, device, visitor)
          values ('2026-12-06T22:30:00Z', 'view', '/', 'en', 'mobile', '${ALICE}')`);
        const { rows: days } = await session.query<{ day: string }>(
          `select day::text as day from public.analytics_events where visitor = '${ALICE}'`,
        );
        expect(days).toEqual([{ day: "2026-12-07" }]);
      });
      await inRolledBack(session, async () => {
        const error = await record(session, [], "Africa/Atlantis").catch((e: unknown) => e);
        // Not 22…: the writer would take it for a refused row and halve the batch.
        expect((error as { code?: string }).code).toBe("42704");
      });
    });
  }
});

describe("analytics days through the site, as the admin reads them", () => {
  let site: TestSite;

  beforeAll(async () => {
    // The timer writes nothing and closes no day while the test runs.
    site = await startTestSite({ env: { ANALYTICS_FLUSH_SECONDS: "300" } });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("shows a view at 01:30 in Nairobi (22:30 UTC the day before) on the Nairobi day", async () => {
    const today = agencyDay(Date.now(), ZONE);
    const yesterday = agencyDay(Date.parse(`${today}T12:00:00Z`) - DAY, ZONE);
    // Today 00:00 in Nairobi is 21:00 UTC the day before.
    const midnight = Date.parse(`${today}T00:00:00Z`) - 3 * HOUR;
    const events = [
      viewAt(midnight - 30 * 60_000, BOB), // yesterday 23:30 in Nairobi
      viewAt(midnight + 90 * 60_000, ALICE), // today 01:30 (22:30 UTC yesterday)
      viewAt(midnight + 120 * 60_000, ALICE), // today 02:00
    ];
    expect(new Date(events[1]?.at ?? "").toISOString()).toMatch(/T22:30:00\.000Z$/);
    const { error } = await site.service.rpc("analytics_record", {
      p_batch: randomUUID(),
      p_events: events,
      p_not_counted: [],
      p_day_budget: 1000,
      p_browsers_per_address: 100,
      p_events_per_visitor: 300,
      p_time_zone: ZONE,
    });
    expect(error).toBeNull();

    const login = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: FORM_HEADERS,
      body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const get = async (path: string) => {
      const answer = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } });
      expect(answer.status, path).toBe(200);
      return answer.text();
    };

    // The daily chart's file: Alice once on today (two views), Bob on yesterday.
    const days = (await get("/admin/analytics.csv?table=series&period=7d")).split("\r\n");
    expect(days).toContain(`${today},1,2`);
    expect(days).toContain(`${yesterday},1,1`);
    expect(days.filter((line) => /,[1-9]\d*,/.test(line))).toHaveLength(2);

    // Today hour by hour, from the agency's midnight: 00:00 empty, 01:00 and 02:00 one view.
    const hours = (await get("/admin/analytics.csv?table=series&period=today"))
      .split("\r\n")
      .filter(Boolean);
    expect(hours).toHaveLength(25);
    expect(hours.slice(1, 4)).toEqual([
      `${today} 00:00,0,0`,
      `${today} 01:00,1,1`,
      `${today} 02:00,1,1`,
    ]);
    expect(hours.at(-1)).toBe(`${today} 23:00,0,0`);

    // The page of today: one visitor, two views (Bob's was yesterday).
    const page = (await get("/admin/analytics?period=today"))
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(page).toContain("Visitors 1 ");
    expect(page).toContain("Page views 2 ");
    expect(page).toContain("Days begin at midnight in Africa/Nairobi.");
  });
});
