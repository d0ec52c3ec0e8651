import { randomUUID } from "node:crypto";
import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyDay } from "~/domain/analytics/visitor.server";
import type { Database } from "~/infra/database.types";
import { instantOfWallClock } from "~/lib/time-zone";
import { PLAIN_VIEW } from "../support/analytics-events";
import { createUser, startAppBackend } from "../support/backend";

/**
 * The analytics tables and functions (supabase/migrations/20261205200001_analytics.sql and
 * 20261207000001_analytics_sums.sql) on the embedded backend: day sums kept as events arrive,
 * closed days, retention, the caps, and who may read and call what.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(async () => backend?.close());

/** The site's service-role client, typed. */
const serviceClient = (b: TestBackend) =>
  createClient<Database>(b.url, b.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

const DAY = 86_400_000;
/** The backend's analytics days are the agency's (AGENCY_TIME_ZONE's default zone). */
const ZONE = "Africa/Nairobi";
const isoDay = (ms: number) => agencyDay(ms, ZONE);
/** Today's midnight in Nairobi (21:00 UTC the day before). */
const startOfToday = instantOfWallClock(
  Date.parse(`${agencyDay(Date.now(), ZONE)}T00:00:00Z`),
  ZONE,
).getTime();

function event(at: number, visitor: string, extra: Record<string, string> = {}) {
  return {
    at: new Date(at).toISOString(),
    day: isoDay(at),
    ...PLAIN_VIEW,
    visitor: visitor.repeat(32).slice(0, 32),
    ...extra,
  };
}

describe("analytics store", () => {
  it("sums every day as events arrive, closes complete days, deletes raw events past retention but keeps their sums", async () => {
    const service = serviceClient(backend);
    const old = startOfToday - 40 * DAY + 3_600_000;
    const recent = startOfToday - 2 * DAY + 3_600_000;
    const rows = [
      event(old, "a"),
      event(old + 60_000, "a", { path: "/blog" }),
      event(old + 120_000, "b", { referrer: "google.com" }),
      event(recent, "c", { utm_source: "x", utm_campaign: "launch" }),
      { ...event(recent + 60_000, "c", { path: "/contact" }), kind: "goal", goal: "contact" },
      event(Date.now() - 1000, "d"),
    ];
    const inserted = await service.from("analytics_events").insert(rows);
    expect(inserted.error).toBeNull();

    const rolled = await service.rpc("analytics_rollup", { p_retention_days: 30 });
    expect(rolled.error).toBeNull();
    expect(rolled.data).toBe(2);
    // Twice is harmless: each day is summed once.
    expect((await service.rpc("analytics_rollup", { p_retention_days: 30 })).data).toBe(0);

    const left = await service.from("analytics_events").select("at");
    expect(left.data?.map((r) => isoDay(Date.parse(r.at))).sort()).toEqual([
      isoDay(recent),
      isoDay(recent),
      isoDay(Date.now() - 1000),
    ]);
    const sums = await service
      .from("analytics_daily")
      .select("day, dimension, value, views, visitors")
      .eq("day", isoDay(old))
      .in("dimension", ["total", "page", "source"]);
    expect(
      sums.data?.sort((x, y) =>
        `${x.dimension}${x.value}`.localeCompare(`${y.dimension}${y.value}`),
      ),
    ).toEqual([
      { day: isoDay(old), dimension: "page", value: "/", views: 2, visitors: 2 },
      { day: isoDay(old), dimension: "page", value: "/blog", views: 1, visitors: 1 },
      { day: isoDay(old), dimension: "source", value: "", views: 2, visitors: 1 },
      { day: isoDay(old), dimension: "source", value: "google.com", views: 1, visitors: 1 },
      { day: isoDay(old), dimension: "total", value: "", views: 3, visitors: 2 },
    ]);

    // A period over summed and raw days reads both.
    const report = await service.rpc("analytics_report", {
      p_from: isoDay(old),
      p_to: isoDay(Date.now() + DAY),
    });
    expect(report.error).toBeNull();
    const total = report.data?.find((r) => r.dimension === "total");
    expect(total).toEqual({ dimension: "total", value: "", views: 5, visitors: 4 });
    const goals = report.data?.filter((r) => r.dimension.startsWith("goal"));
    expect(goals).toEqual([
      { dimension: "goal", value: "contact", views: 1, visitors: 1 },
      { dimension: "goal_page", value: "contact\t/", views: 1, visitors: 1 },
      { dimension: "goal_source", value: "contact\tx", views: 1, visitors: 1 },
    ]);
    const series = await service.rpc("analytics_series", {
      p_from: isoDay(recent),
      p_to: isoDay(Date.now() + DAY),
      p_hourly: false,
    });
    expect(series.data?.map((r) => [isoDay(Date.parse(r.at)), r.views, r.visitors])).toEqual([
      [isoDay(recent), 1, 1],
      [isoDay(recent + DAY), 0, 0],
      [isoDay(Date.now()), 1, 1],
    ]);
  });

  it("stores a day's events within its caps, and counts what it did not store by reason", async () => {
    const service = serviceClient(backend);
    const day = startOfToday - 10 * DAY;
    const at = (minute: number) => new Date(day + minute * 60_000).toISOString();
    const office = "a".repeat(32);
    const record = (events: object[], caps: [number, number, number], notCounted: object[] = []) =>
      service.rpc("analytics_record", {
        p_batch: randomUUID(),
        p_events: events as never,
        p_not_counted: notCounted as never,
        p_day_budget: caps[0],
        p_browsers_per_address: caps[1],
        p_events_per_visitor: caps[2],
      });
    const views = (visitor: string, count: number, address = office, from = 0) =>
      Array.from({ length: count }, (_, n) => ({
        ...event(Date.parse(at(from + n)), visitor),
        address,
      }));
    // Three browsers behind one address with room for two: the third, arriving last, is cut.
    const first = await record(
      [...views("1", 2), ...views("2", 1, office, 5), ...views("3", 4, office, 9)],
      [50, 2, 3],
    );
    expect(first.error).toBeNull();
    expect(first.data).toEqual([
      { fate: "browsers", events: 4 },
      { fate: "stored", events: 3 },
    ]);
    // The known browsers still count; one visitor over 3 events a day is cut.
    const second = await record(
      [...views("1", 3, office, 20), ...views("4", 45, "b".repeat(32), 30)],
      [50, 2, 3],
    );
    expect(second.data).toEqual([
      { fate: "stored", events: 4 },
      { fate: "visitor", events: 44 },
    ]);
    // The day's budget: 7 of 50 stored, a new visitor on each of 60 addresses: 43 more fit.
    const many = Array.from({ length: 60 }, (_, n) => ({
      ...event(Date.parse(at(100 + n)), `c${n.toString(16).padStart(2, "0")}`),
      address: `d${n.toString(16).padStart(2, "0")}`.repeat(11).slice(0, 32),
    }));
    const third = await record(
      many,
      [50, 2, 3],
      [{ day: isoDay(day), reason: "burst", events: 5 }],
    );
    expect(third.data).toEqual([
      { fate: "budget", events: 17 },
      { fate: "stored", events: 43 },
    ]);
    // A batch sent again (its answer lost on the way back) is stored once.
    const batch = randomUUID();
    const once = (events: object[]) =>
      service.rpc("analytics_record", {
        p_batch: batch,
        p_events: events as never,
        p_not_counted: [] as never,
        p_day_budget: 1000,
        p_browsers_per_address: 10,
        p_events_per_visitor: 10,
      });
    const resent = views("6", 2, "e".repeat(32), 200).map((e) => ({
      ...e,
      at: new Date(startOfToday - 11 * DAY).toISOString(),
    }));
    expect((await once(resent)).data).toEqual([{ fate: "stored", events: 2 }]);
    expect((await once(resent)).data).toEqual([{ fate: "repeated", events: 2 }]);
    // A closed day takes nothing more.
    const late = await record(
      views("5", 2, office, 0).map((e) => ({
        ...e,
        at: new Date(startOfToday - 40 * DAY).toISOString(),
      })),
      [50, 2, 3],
    );
    expect(late.data).toEqual([{ fate: "late", events: 2 }]);

    const stored = await service
      .from("analytics_events")
      .select("id", { count: "exact", head: true })
      .gte("at", new Date(day).toISOString())
      .lt("at", new Date(day + DAY).toISOString());
    expect(stored.count).toBe(50);
    const report = await service.rpc("analytics_report", {
      p_from: isoDay(day),
      p_to: isoDay(day + DAY),
    });
    expect(report.data?.filter((r) => r.dimension === "dropped")).toEqual([
      { dimension: "dropped", value: "visitor", views: 44, visitors: 0 },
      { dimension: "dropped", value: "budget", views: 17, visitors: 0 },
      { dimension: "dropped", value: "burst", views: 5, visitors: 0 },
      { dimension: "dropped", value: "browsers", views: 4, visitors: 0 },
    ]);
    expect(report.data?.find((r) => r.dimension === "total")).toEqual({
      dimension: "total",
      value: "",
      views: 50,
      visitors: 46,
    });
  });

  it("lets admins read the numbers, nobody else, and nobody but the service role write or close them", async () => {
    const signedIn = async (email: string, password: string) => {
      const client = createClient<Database>(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(error.message);
      return client;
    };
    const user = await createUser(backend);
    const anon = createClient<Database>(backend.url, backend.anonKey);
    const member = await signedIn(user.email, user.password);
    const admin = await signedIn(backend.admin.email, backend.admin.password);
    const week = { p_from: isoDay(startOfToday - 14 * DAY), p_to: isoDay(startOfToday + DAY) };
    const readable = [
      "analytics_events",
      "analytics_daily",
      "analytics_visitor_sums",
      "analytics_day_counts",
      "analytics_dropped",
    ] as const;

    // Reads: admins see every table of numbers; members see none of it; anon is refused.
    for (const table of readable) {
      expect((await anon.from(table).select("*")).error?.code).toBe("42501");
      expect((await member.from(table).select("*")).data).toEqual([]);
      expect((await admin.from(table).select("*")).data?.length).toBeGreaterThan(0);
    }
    expect((await anon.rpc("analytics_report", week)).error?.code).toBe("42501");
    expect((await member.rpc("analytics_report", week)).data).toEqual([]);
    expect((await admin.rpc("analytics_report", week)).data?.length).toBeGreaterThan(0);
    // The address hashes of the per-address cap and the batches stored: the service role's.
    for (const client of [anon, member, admin]) {
      expect((await client.from("analytics_addresses").select("*")).error?.code).toBe("42501");
      expect((await client.from("analytics_batches").select("*")).error?.code).toBe("42501");
    }
    expect(
      (await serviceClient(backend).from("analytics_addresses").select("*")).data?.length,
    ).toBeGreaterThan(0);

    // Writes: only the service role records, sums and closes days.
    const batch = {
      p_batch: randomUUID(),
      p_events: [] as never,
      p_not_counted: [{ day: isoDay(startOfToday), reason: "budget", events: 1000 }] as never,
      p_day_budget: 1,
      p_browsers_per_address: 1,
      p_events_per_visitor: 1,
    };
    for (const client of [anon, member, admin]) {
      expect((await client.rpc("analytics_record", batch)).error?.code).toBe("42501");
      expect((await client.rpc("analytics_rollup", { p_retention_days: 1 })).error?.code).toBe(
        "42501",
      );
      const resum = await client.rpc(
        "analytics_resum" as never,
        {
          p_days: [isoDay(startOfToday)],
          p_visitors: ["d".repeat(32)],
        } as never,
      );
      expect(resum.error).not.toBeNull();
      const forged = await client.from("analytics_events").insert({
        day: isoDay(Date.now()),
        kind: "view",
        path: "/",
        lang: "en",
        device: "desktop",
        visitor: "0".repeat(32),
      });
      expect(forged.error?.code).toBe("42501");
      const dropped = await client
        .from("analytics_dropped")
        .insert({ day: isoDay(startOfToday), reason: "late", events: 1 });
      expect(dropped.error?.code).toBe("42501");
      const sums = await client
        .from("analytics_daily")
        .update({ views: 1_000_000 })
        .eq("dimension", "total")
        .select("day");
      expect(sums.data ?? []).toEqual([]);
    }
    const dropped = await serviceClient(backend)
      .from("analytics_dropped")
      .select("events")
      .eq("reason", "budget")
      .eq("day", isoDay(startOfToday));
    expect(dropped.data).toEqual([]);
  });
});
