import { describe, expect, it } from "vitest";
import { parsePeriod, periodSearch } from "./period";

const NOW = Date.UTC(2026, 11, 5, 15, 30);
const parse = (query: string) => parsePeriod(new URLSearchParams(query), "Africa/Nairobi", NOW);

describe("parsePeriod", () => {
  it("reads the named periods, each against the one before of the same length", () => {
    expect(parse("period=today")).toMatchObject({
      ok: true,
      period: {
        from: "2026-12-05",
        to: "2026-12-05",
        end: "2026-12-06",
        hourly: true,
        previous: { from: "2026-12-04", to: "2026-12-04", end: "2026-12-05" },
      },
    });
    expect(parse("")).toMatchObject({
      ok: true,
      period: { name: "7d", from: "2026-11-29", days: 7, previous: { from: "2026-11-22" } },
    });
    expect(parse("period=30d")).toMatchObject({ ok: true, period: { from: "2026-11-06" } });
    expect(parse("period=12m")).toMatchObject({
      ok: true,
      period: { from: "2025-12-06", days: 365, hourly: false },
    });
    expect(parse("period=forever")).toMatchObject({ ok: true, period: { name: "7d" } });
  });

  it("reads a custom period and keeps it in the links", () => {
    const custom = parse("period=custom&from=2026-11-01&to=2026-11-30");
    expect(custom).toMatchObject({
      ok: true,
      period: { days: 30, previous: { from: "2026-10-02", to: "2026-10-31" } },
    });
    if (custom.ok) {
      expect(periodSearch(custom.period)).toBe("period=custom&from=2026-11-01&to=2026-11-30");
    }
  });

  it("names each wrong custom field and gives the typed values back", () => {
    expect(parse("period=custom")).toEqual({
      ok: false,
      name: "custom",
      values: { from: "", to: "" },
      errors: { from: "required", to: "required" },
    });
    expect(parse("period=custom&from=2026-02-30&to=yesterday")).toMatchObject({
      values: { from: "2026-02-30", to: "yesterday" },
      errors: { from: "invalid", to: "invalid" },
    });
    expect(parse("period=custom&from=2026-11-10&to=2026-11-01")).toMatchObject({
      errors: { to: "order" },
    });
    expect(parse("period=custom&from=2024-01-01&to=2026-11-01")).toMatchObject({
      errors: { to: "tooLong" },
    });
    expect(parse("period=custom&from=2026-12-01&to=2026-12-24")).toMatchObject({
      errors: { to: "future" },
    });
  });
});
