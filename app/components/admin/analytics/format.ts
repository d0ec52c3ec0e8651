import { INTL_LOCALE, type Locale } from "~/i18n/locale";

const formats = new Map<Locale, Intl.NumberFormat>();

/** Whole numbers in the admin's language. */
export function formatCount(locale: Locale, value: number): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale].numbers);
    formats.set(locale, format);
  }
  return format.format(value);
}

/** A point of the chart: its hour (`14:00`) on a one-day chart, else its day (`2026-12-05`). */
export function pointLabel(at: string, hourly: boolean): string {
  const iso = new Date(at).toISOString();
  return hourly ? `${iso.slice(11, 13)}:00` : iso.slice(0, 10);
}
