/**
 * Daraja's clock: timestamps are `YYYYMMDDHHmmss` in Nairobi time (East Africa Time), both the
 * one a push or query sends (with the password made from it) and the TransactionDate/TransTime
 * a callback carries. Pure functions of an instant.
 */

export const DARAJA_TIME_ZONE = "Africa/Nairobi";

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: DARAJA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** `instant` as Nairobi's wall clock reads it: `20210628092408`. */
export function darajaTimestamp(instant: Date): string {
  const parts = wallClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}${get("month")}${get("day")}${get("hour")}${get("minute")}${get("second")}`;
}

/**
 * The STK password: base64 of shortcode + passkey + timestamp (the same timestamp the request
 * sends, or Daraja answers "Wrong credentials").
 */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, "utf8").toString("base64");
}

/** Nairobi has kept UTC+3, without summer time, since 1960. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The instant (ISO 8601, UTC) of a Daraja wall-clock time `20191219102115` (a number or text),
 * or undefined when it is no real date and time.
 */
export function instantOfDarajaTime(value: unknown): string | undefined {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string") return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return undefined;
  }
  return new Date(utc - NAIROBI_OFFSET_MS).toISOString();
}
