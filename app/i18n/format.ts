import { INTL_LOCALE, type Locale } from "./locale";

/**
 * Dates and amounts with the platform's Intl (no library, the same result on the server and in
 * the browser): dates in the agency's time zone so hydration always agrees. The admin area and
 * the agency's mails pass the configured zone (AGENCY_TIME_ZONE in app/infra/env.server.ts,
 * sent to the browser with the site config); public pages keep East Africa Time.
 */
const TIME_ZONE = "Africa/Nairobi";

/**
 * One Intl formatter per locale and options, made on first use: building one costs far more
 * than formatting with it (a price list used to build one per price on every render).
 */
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat;
const formatters = new Map<string, Formatter>();
function memo<T extends Formatter>(id: string, make: () => T): T {
  let format = formatters.get(id) as T | undefined;
  if (!format) {
    format = make();
    formatters.set(id, format);
  }
  return format;
}

function dateFormat(locale: Locale, month: "short" | "long", withDay = true, timeZone = TIME_ZONE) {
  return memo(
    `date:${locale}:${month}:${withDay}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale].dates, {
        month,
        day: withDay ? "numeric" : undefined,
        year: "numeric",
        timeZone,
      }),
  );
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 22, 2026' · '22 Nov 2026' · '22 nov. 2026'; "" for a missing or invalid date. */
export function shortDate(
  value: string | Date | null | undefined,
  locale: Locale,
  timeZone = TIME_ZONE,
): string {
  const date = toDate(value);
  return date ? dateFormat(locale, "short", true, timeZone).format(date) : "";
}

/** 'November 22, 2026' · '22 Novemba 2026' · '22 novembre 2026'. */
export function longDate(value: string | Date | null | undefined, locale: Locale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, "long").format(date) : "";
}

/** 'November 2026' · 'Novemba 2026' · 'novembre 2026'. */
export function monthYear(value: string | Date, locale: Locale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, "long", false).format(date) : "";
}

/**
 * 'Nov 22, 2026, 02:05 PM GMT+3' (the admin area's lists and messages); with `zoneName: "long"`
 * 'November 22, 2026 at 2:05 PM East Africa Time' · '22 Novemba 2026 saa 14:05 Saa za Afrika
 * Mashariki' · '22 novembre 2026 à 14:05 heure normale d’Afrique de l’Est' (mails).
 */
export function dateTime(
  value: string | Date | null | undefined,
  locale: Locale,
  timeZone = TIME_ZONE,
  zoneName: "short" | "long" = "short",
): string {
  const date = toDate(value);
  if (!date) return "";
  const long = zoneName === "long";
  return memo(
    `datetime:${locale}:${timeZone}:${zoneName}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale].dates, {
        month: long ? "long" : "short",
        day: "numeric",
        year: "numeric",
        hour: long ? "numeric" : "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: zoneName,
      }),
  ).format(date);
}

/** Kenyan shillings: 'Ksh 50,000' (en, sw) · '50 000 KES' (fr); whole shillings unless less. */
function kes(locale: Locale, amount: number) {
  const whole = Number.isInteger(amount);
  return memo(
    `kes:${locale}:${whole}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale].numbers, {
        style: "currency",
        currency: "KES",
        minimumFractionDigits: 0,
        maximumFractionDigits: whole ? 0 : 2,
      }),
  );
}

/**
 * An exact decimal ("1160.50", "0.16") in `locale` without passing through a float: shillings
 * with their two cents as invoices show them ('Ksh 1,160.50' · '1 160,50 KES'), or a rate
 * ('16%' · '16 %'). app/domain/invoices/money.ts writes the decimal from integer cents and basis
 * points.
 */
export function formatExactDecimal(
  value: `${number}`,
  locale: Locale,
  style: "kes" | "percent",
): string {
  return memo(
    `exact:${locale}:${style}`,
    () =>
      new Intl.NumberFormat(
        INTL_LOCALE[locale].numbers,
        style === "kes"
          ? {
              style: "currency",
              currency: "KES",
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }
          : { style: "percent", maximumFractionDigits: 2 },
      ),
  ).format(value);
}

/** '99.9%' · '99,9 %' (a fraction: 0.999). */
export function formatPercent(fraction: number, locale: Locale): string {
  return memo(
    `percent:${locale}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale].numbers, {
        style: "percent",
        maximumFractionDigits: 1,
      }),
  ).format(fraction);
}

/**
 * A file's size in the reader's words: '27 bytes' (in full: '27 byte' is wrong), '820 kB',
 * '12.5 MB' · '12,5 Mo'. The files and the deliverables of a project both show it.
 */
export function fileSize(bytes: number, locale: Locale): string {
  const [unit, value] =
    bytes >= 1_000_000
      ? (["megabyte", bytes / 1_000_000] as const)
      : bytes >= 1000
        ? (["kilobyte", bytes / 1000] as const)
        : (["byte", bytes] as const);
  return memo(
    `size:${locale}:${unit}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale].numbers, {
        style: "unit",
        unit,
        unitDisplay: unit === "byte" ? "long" : "short",
        maximumFractionDigits: 1,
      }),
  ).format(value);
}

/** 'Nairobi and Mombasa' · 'Nairobi na Mombasa' · 'Nairobi et Mombasa'. */
export function formatList(items: readonly string[], locale: Locale): string {
  return memo(
    `list:${locale}`,
    () => new Intl.ListFormat(INTL_LOCALE[locale].numbers, { type: "conjunction" }),
  ).format(items);
}

export function formatKes(amount: number, locale: Locale): string {
  return kes(locale, amount).format(amount);
}

/** 'Ksh 50,000 – 300,000' · '50 000 – 300 000 KES': the locale's range, the dash spaced. */
export function formatKesRange(min: number, max: number, locale: Locale): string {
  return kes(locale, max)
    .formatRangeToParts(min, max)
    .map((part) =>
      part.type === "literal" && /^\s*[–-]\s*$/.test(part.value) ? " – " : part.value,
    )
    .join("");
}

/** Minutes of a stored read time ("5 min" → 5), or null when it is not a number of minutes. */
export function readMinutes(readTime: string): number | null {
  const match = /^\s*(\d{1,4})\s*min\b/i.exec(readTime);
  return match ? Number(match[1]) : null;
}
