/**
 * The deliverable reminder's due time: three working days (Monday to Friday) on the agency's
 * wall clock, whatever the server's own zone.
 */
import { describe, expect, it } from "vitest";
import { workingDaysLater } from "~/domain/portal/working-days";

const NAIROBI = "Africa/Nairobi";
const later = (iso: string, zone = NAIROBI, days = 3) =>
  workingDaysLater(new Date(iso), days, zone).toISOString();

describe("three working days later, in the agency's time zone", () => {
  it("keeps the time of day from Monday to Thursday", () => {
    // Monday 2026-11-30 10:00 in Nairobi (07:00 UTC).
    expect(later("2026-11-30T07:00:00Z")).toBe("2026-12-03T07:00:00.000Z");
  });

  it("skips the weekend: Wednesday → Monday, Friday → Wednesday", () => {
    expect(later("2026-12-02T07:00:00Z")).toBe("2026-12-07T07:00:00.000Z");
    expect(later("2026-12-04T13:00:00Z")).toBe("2026-12-09T13:00:00.000Z");
  });

  it("counts from Monday morning when asked on a weekend (three whole working days)", () => {
    // Saturday 2026-12-05 10:00 and Sunday 23:30 in Nairobi → Thursday 00:00 in Nairobi.
    expect(later("2026-12-05T07:00:00Z")).toBe("2026-12-09T21:00:00.000Z");
    expect(later("2026-12-06T20:30:00Z")).toBe("2026-12-09T21:00:00.000Z");
  });

  it("reads the weekday on the agency's clock, not UTC's", () => {
    // Friday 23:30 UTC is already Saturday 02:30 in Nairobi: a weekend there.
    expect(later("2026-12-04T23:30:00Z")).toBe("2026-12-09T21:00:00.000Z");
    // Sunday 22:00 UTC is Monday 01:00 in Nairobi: a working day, kept to the minute.
    expect(later("2026-12-06T22:00:00Z")).toBe("2026-12-09T22:00:00.000Z");
  });

  it("follows a daylight-saving switch: the same wall-clock time after it", () => {
    // Friday 2027-03-26 10:00 in Paris (CET, 09:00 UTC); clocks go forward on Sunday 28 March,
    // so Wednesday 10:00 is CEST (08:00 UTC).
    expect(later("2027-03-26T09:00:00Z", "Europe/Paris")).toBe("2027-03-31T08:00:00.000Z");
  });

  it("counts any number of days (one week is five working days)", () => {
    expect(later("2026-11-30T07:00:00Z", NAIROBI, 5)).toBe("2026-12-07T07:00:00.000Z");
    expect(later("2026-11-30T07:00:00Z", NAIROBI, 0)).toBe("2026-11-30T07:00:00.000Z");
  });
});
