import { describe, expect, it } from "vitest";
import { pendingView } from "../../../test/support/analytics-events";
import { SaltCache, storedRows } from "./store.server";
import { utcDay, visitorId } from "./visitor.server";

const IP = "203.0.113.77";
const UA = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
const DAY1 = Date.UTC(2026, 11, 5, 23, 59, 59);
const DAY2 = Date.UTC(2026, 11, 6, 0, 0, 1);

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
    );
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
    const rows = storedRows([view(DAY1), view(DAY2)], salts, "example.test");
    const stored = JSON.stringify(rows);
    expect(rows).toHaveLength(2);
    expect(stored).not.toContain(IP);
    expect(stored).not.toContain("Firefox");
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
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

  it("drops an event whose day has no salt (its salt is gone: it cannot be counted)", () => {
    expect(storedRows([view(Date.UTC(2026, 11, 4))], salts, "example.test")).toEqual([]);
  });

  it("cuts days at UTC midnight", () => {
    expect(utcDay(DAY1)).toBe("2026-12-05");
    expect(utcDay(DAY2)).toBe("2026-12-06");
  });
});

describe("SaltCache", () => {
  it("asks the database once for a missing day, not again within 10 s, and forgets past days", async () => {
    let now = DAY1;
    let asked = 0;
    const cache = new SaltCache(
      async () => {
        asked++;
        return [
          { day: utcDay(now), salt: "d".repeat(64) },
          { day: utcDay(now + 86_400_000), salt: "e".repeat(64) },
        ];
      },
      () => now,
    );
    expect((await cache.saltsFor(["2026-12-05"])).get("2026-12-05")).toBe("d".repeat(64));
    await cache.saltsFor(["2026-12-05", "2026-12-06"]);
    await cache.saltsFor(["2026-12-01"]);
    expect(asked).toBe(1);
    now = DAY2;
    cache.forgetPast();
    const known = await cache.saltsFor(["2026-12-06"]);
    expect([...known.keys()]).toEqual(["2026-12-06"]);
    expect(asked).toBe(1);
  });
});
