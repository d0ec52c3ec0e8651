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
