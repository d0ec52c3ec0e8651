/**
 * Wall-clock arithmetic in an IANA time zone (the agency's: AGENCY_TIME_ZONE) with nothing but
 * Intl: how far the zone is ahead of UTC at an instant, and the instant of a wall-clock time.
 */

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (Nairobi: 3 h). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant whose wall clock in `timeZone` reads `wallMs` (a wall-clock time written as if it
 * were UTC). Asked twice, so that a change of offset between the guess and the answer (a
 * daylight-saving switch) is followed.
 */
export function instantOfWallClock(wallMs: number, timeZone: string): Date {
  const guess = new Date(wallMs - zoneOffsetMs(new Date(wallMs), timeZone));
  return new Date(wallMs - zoneOffsetMs(guess, timeZone));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `2026-12-06`: the day of a time in ms in `timeZone` — the agency's (AGENCY_TIME_ZONE), whose
 * days the analytics salts, visitor ids and daily sums count
 * (supabase/migrations/20261232000001_analytics_agency_days.sql).
 */
export function dayIn(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}
