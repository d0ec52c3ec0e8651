import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/infra/database.types";
import { PLAIN_VIEW } from "../support/analytics-events";
import { createUser, startAppBackend } from "../support/backend";

/**
 * The analytics tables and functions (supabase/migrations/20261205200001_analytics.sql) on the
 * embedded backend: day sums, retention, salts, and who may read what.
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
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfToday = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);

function event(at: number, visitor: string, extra: Record<string, string> = {}) {
  return {
    at: new Date(at).toISOString(),
    ...PLAIN_VIEW,
    visitor: visitor.repeat(32).slice(0, 32),
    ...extra,
  };
}

describe("analytics store", () => {
  it("sums complete days, keeps today raw, deletes raw events past retention but keeps their sums", async () => {
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

  it("gives each day a salt, deletes past days' salts, and shows salts to the service role only", async () => {
    const service = serviceClient(backend);
    await service
      .from("analytics_salts")
      .insert({ day: isoDay(startOfToday - DAY), salt: "f".repeat(64) });
    const salts = await service.rpc("analytics_salts");
    expect(salts.error).toBeNull();
    expect(salts.data?.map((s) => s.day)).toEqual([
      isoDay(startOfToday),
      isoDay(startOfToday + DAY),
    ]);
    expect(new Set(salts.data?.map((s) => s.salt)).size).toBe(2);
    for (const s of salts.data ?? []) expect(s.salt).toMatch(/^[0-9a-f]{64}$/);
    const again = await service.rpc("analytics_salts");
    expect(again.data).toEqual(salts.data);
  });

  it("lets admins read the numbers, nobody else, and nobody but the service role touch salts", async () => {
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
    const week = { p_from: isoDay(startOfToday - 7 * DAY), p_to: isoDay(startOfToday + DAY) };

    expect((await anon.from("analytics_events").select("id")).error).not.toBeNull();
    expect((await anon.rpc("analytics_report", week)).error).not.toBeNull();
    expect((await member.from("analytics_events").select("id")).data).toEqual([]);
    expect((await member.from("analytics_daily").select("day")).data).toEqual([]);
    expect((await member.rpc("analytics_report", week)).data).toEqual([]);
    expect((await admin.from("analytics_events").select("id")).data?.length).toBeGreaterThan(0);
    expect((await admin.rpc("analytics_report", week)).data?.length).toBeGreaterThan(0);
    for (const client of [anon, member, admin]) {
      expect((await client.rpc("analytics_salts")).error).not.toBeNull();
      expect((await client.from("analytics_salts").select("salt")).data ?? []).toEqual([]);
      expect((await client.rpc("analytics_rollup", { p_retention_days: 1 })).error).not.toBeNull();
      const forged = await client.from("analytics_events").insert({
        kind: "view",
        path: "/",
        lang: "en",
        device: "desktop",
        visitor: "0".repeat(32),
      });
      expect(forged.error).not.toBeNull();
    }
  });
});
