import { describe, expect, it } from "vitest";
import { DaySalts } from "~/infra/day-salts";
import { pendingView } from "../../../test/support/analytics-events";
import { localSalts, SaltCache } from "./salts.server";
import { storedRows } from "./store.server";
import { addressId, addressKey, agencyDay, visitorId } from "./visitor.server";

const IP = "203.0.113.77";
const UA = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
/** The agency's zone (AGENCY_TIME_ZONE's default, UTC+3): its midnight is 21:00 UTC. */
const ZONE = "Africa/Nairobi";
/** 23:59:59 on 5 December in Nairobi, and 00:00:01 on the 6th (both still the 5th in UTC). */
const DAY1 = Date.UTC(2026, 11, 5, 20, 59, 59);
const DAY2 = Date.UTC(2026, 11, 5, 21, 0, 1);

const view = (at: number, ip = IP, userAgent = UA) =>
  pendingView({ at, path: "/services", ip, userAgent });

describe("daily visitor id", () => {
  const salts = new Map([
    ["2026-12-05", "a".repeat(64)],
    ["2026-12-06", "b".repeat(64)],
  ]);

  it("is the same for one visitor within a day, and another one the next day", () => {
    const [first, again, nextDay] = storedRows(
      [view(DAY1 - 3_600_000), view(DAY1), view(DAY2)],
      salts,
      "example.test",
      ZONE,
    ).rows;
    expect(first?.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(again?.visitor).toBe(first?.visitor);
    expect(nextDay?.visitor).not.toBe(first?.visitor);
  });

  it("tells visitors apart by address, browser and site", () => {
    const salt = "c".repeat(64);
    const ids = new Set([
      visitorId(salt, "example.test", IP, UA),
      visitorId(salt, "example.test", "203.0.113.78", UA),
      visitorId(salt, "example.test", IP, `${UA} Mobile`),
      visitorId(salt, "other.test", IP, UA),
    ]);
    expect(ids.size).toBe(4);
  });

  it("stores nothing that contains the address or the browser", () => {
    const { rows } = storedRows([view(DAY1), view(DAY2)], salts, "example.test", ZONE);
    const stored = JSON.stringify(rows);
    expect(rows).toHaveLength(2);
    expect(stored).not.toContain(IP);
    expect(stored).not.toContain("Firefox");
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
          "address",
          "at",
          "country",
          "detail",
          "device",
          "goal",
          "kind",
          "lang",
          "path",
          "referrer",
          "utm_campaign",
          "utm_medium",
          "utm_source",
          "visitor",
        ].sort(),
      );
    }
  });

  it("hashes the address for the per-address cap: one id per address (IPv6: per /64) and day", () => {
    const salt = "c".repeat(64);
    const id = addressId(salt, "example.test", IP);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(addressId(salt, "example.test", `::ffff:${IP}`)).toBe(id);
    expect(addressId("d".repeat(64), "example.test", IP)).not.toBe(id);
    expect(id).not.toBe(visitorId(salt, "example.test", IP, ""));
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("does not count an event whose day has no salt (its salt is gone), and says so", () => {
    expect(storedRows([view(Date.UTC(2026, 11, 4))], salts, "example.test", ZONE)).toEqual({
      rows: [],
      late: [{ day: "2026-12-04", reason: "late", events: 1 }],
    });
  });

  it("cuts days at the agency's midnight, not UTC's", () => {
    expect(agencyDay(DAY1, ZONE)).toBe("2026-12-05");
    expect(agencyDay(DAY2, ZONE)).toBe("2026-12-06");
    // 22:30 UTC is 01:30 the next day in Nairobi.
    expect(agencyDay(Date.UTC(2026, 11, 5, 22, 30), ZONE)).toBe("2026-12-06");
    expect(agencyDay(Date.UTC(2026, 11, 5, 22, 30), "UTC")).toBe("2026-12-05");
  });
});

describe("day salts", () => {
  it("are made in memory for today only, and forgotten once their day is over", () => {
    let now = DAY1;
    const keeper = new DaySalts(ZONE, () => now);
    const today = keeper.saltOf("2026-12-05");
    expect(today).toMatch(/^[0-9a-f]{64}$/);
    expect(keeper.saltOf("2026-12-05")).toBe(today);
    expect(keeper.saltOf("2026-12-06")).toBeUndefined();
    now = DAY2;
    expect(keeper.saltOf("2026-12-05")).toBeUndefined();
    expect(keeper.saltOf("2026-12-06")).not.toBe(today);
  });

  it("are asked for once per day by a process, a missing one not again within 10 s", async () => {
    let now = DAY1;
    const asked: string[] = [];
    const keeper = new DaySalts(ZONE, () => now);
    const read = localSalts(keeper);
    const cache = new SaltCache(
      async (day) => {
        asked.push(day);
        return read(day);
      },
      ZONE,
      () => now,
    );
    const first = (await cache.saltsFor(["2026-12-05"])).get("2026-12-05");
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    await cache.saltsFor(["2026-12-05", "2026-12-01"]);
    await cache.saltsFor(["2026-12-01"]);
    expect(asked).toEqual(["2026-12-05", "2026-12-01"]);
    // Just after midnight the last batch of the day before still finds its salt, then it goes.
    now = DAY2;
    expect((await cache.saltsFor(["2026-12-05"])).get("2026-12-05")).toBe(first);
    cache.forgetPast();
    expect([...(await cache.saltsFor(["2026-12-05", "2026-12-06"])).keys()]).toEqual([
      "2026-12-06",
    ]);
  });

  it("keep a stand-in salt for one batch only (Redis down), asking again the next time", async () => {
    let calls = 0;
    const cache = new SaltCache(
      async () => ({ value: `${++calls}`.padEnd(64, "0"), kept: false }),
      ZONE,
    );
    const day = agencyDay(Date.now(), ZONE);
    expect((await cache.saltsFor([day])).get(day)).toMatch(/^1/);
    expect((await cache.saltsFor([day])).get(day)).toMatch(/^2/);
  });
});
