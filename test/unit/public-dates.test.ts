import { describe, expect, it } from "vitest";
import { formatDateTime, formatLongDate, formatShortDate, isoDate } from "~/lib/dates";

describe("post dates", () => {
  it("formats short dates as 'Nov 22, 2026'", () => {
    expect(formatShortDate("2026-11-22T10:00:00Z")).toBe("Nov 22, 2026");
    expect(formatShortDate("2026-01-12 08:00:00+03")).toBe("Jan 12, 2026");
  });

  it("formats long US dates as 'November 22, 2026'", () => {
    expect(formatLongDate("2026-11-22T10:00:00Z")).toBe("November 22, 2026");
  });

  it("uses Nairobi time, whatever the machine's zone", () => {
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    expect(formatShortDate("2026-05-04T22:30:00Z")).toBe("May 5, 2026");
  });

  it("gives the admin area's date and time in Nairobi, zone named", () => {
    expect(formatDateTime("2026-11-22T11:05:00Z")).toBe("Nov 22, 2026, 02:05 PM GMT+3");
    expect(formatDateTime("")).toBe("");
  });

  it("returns an empty string for missing or invalid dates", () => {
    expect(formatShortDate(null)).toBe("");
    expect(formatLongDate("not a date")).toBe("");
    expect(isoDate(undefined)).toBe("");
    expect(isoDate("2026-01-12 08:00:00+03")).toBe("2026-01-12T05:00:00.000Z");
  });
});
