import { dateTime, longDate, shortDate } from "~/i18n/format";

/**
 * Dates of the admin area (English), in the agency's time zone (`useSiteConfig().timeZone`, the
 * configured AGENCY_TIME_ZONE) so the server's HTML and the browser agree (hydration) whatever
 * zone either runs in. The formatters are made on first use
 * (`~/i18n/format`): the browser's first Intl.DateTimeFormat costs ~15 ms of ICU set-up, which
 * every page used to pay while its scripts were evaluated, dates on it or not.
 */

/** 'Nov 22, 2026' (admin lists); "" for a missing or invalid date. */
export function formatShortDate(
  value: string | Date | null | undefined,
  timeZone?: string,
): string {
  return shortDate(value, "en", timeZone);
}

/** 'November 22, 2026'; "" for a missing or invalid date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  return longDate(value, "en");
}

/** ISO 8601 for `<time dateTime>`, JSON-LD and feeds; "" when invalid. */
export function isoDate(value: string | Date | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : "";
}

/** 'Nov 22, 2026, 02:05 PM GMT+3' (admin lists and messages); "" when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  return dateTime(value, "en", timeZone);
}
