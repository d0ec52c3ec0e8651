import { longDate, shortDate } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { renderedDate } from "~/i18n/rendered-dates";
import { isoDate } from "~/lib/dates";

const formats = { short: shortDate, long: longDate };

/**
 * A public date as `<time>`: 'Nov 22, 2026' (short) or 'November 22, 2026' (long) in the page's
 * language and East Africa Time. While the page hydrates, the browser keeps the text the server
 * wrote instead of building Intl's formatter (`~/i18n/rendered-dates`).
 */
export function DateText({
  value,
  locale,
  style,
}: {
  value: string;
  locale: Locale;
  style: keyof typeof formats;
}) {
  const iso = isoDate(value);
  const format = `${style}:${locale}`;
  return (
    <time dateTime={iso} data-date={format}>
      {renderedDate(format, iso) ?? formats[style](value, locale)}
    </time>
  );
}
