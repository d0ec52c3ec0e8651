/**
 * Dates of posts, formatted in the agency's time zone so the server's HTML and the browser agree
 * (hydration) whatever zone either runs in.
 */
const TIME_ZONE = "Africa/Nairobi";

const shortFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const longFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: TIME_ZONE,
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 22, 2026' (blog list, related articles); "" for a missing or invalid date. */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? shortFormat.format(date) : "";
}

/** 'November 22, 2026' (blog post header); "" for a missing or invalid date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? longFormat.format(date) : "";
}

/** ISO 8601 for `<time dateTime>`, JSON-LD and feeds; "" when invalid. */
export function isoDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? date.toISOString() : "";
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: TIME_ZONE,
  timeZoneName: "short",
});

/** 'Nov 22, 2026, 02:05 PM GMT+3' (admin lists and messages); "" when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateTimeFormat.format(date) : "";
}
