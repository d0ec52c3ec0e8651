import { instantOfWallClock, zoneOffsetMs } from "~/lib/time-zone";

/**
 * Working days in the agency's time zone: Monday to Friday on its wall clock (public holidays
 * are not counted out; the site has no calendar of them). A reminder "after 3 working days"
 * comes at the same time of day three working days later: Monday 10:00 → Thursday 10:00,
 * Friday 16:00 → Wednesday 16:00. Asked on a Saturday or Sunday, the count starts on Monday
 * morning, so the client gets three whole working days: Saturday → Thursday 00:00.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const isWeekend = (wall: Date) => wall.getUTCDay() === 0 || wall.getUTCDay() === 6;

/** The instant `days` working days after `from`, on `timeZone`'s wall clock. */
export function workingDaysLater(from: Date, days: number, timeZone: string): Date {
  // The wall clock as a Date in UTC: its calendar fields are the zone's.
  let wall = new Date(from.getTime() + zoneOffsetMs(from, timeZone));
  if (isWeekend(wall)) {
    while (isWeekend(wall)) wall = new Date(wall.getTime() + DAY_MS);
    wall = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
  }
  let counted = 0;
  while (counted < days) {
    wall = new Date(wall.getTime() + DAY_MS);
    if (!isWeekend(wall)) counted += 1;
  }
  return instantOfWallClock(wall.getTime(), timeZone);
}
