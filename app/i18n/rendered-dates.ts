/**
 * Dates the server already formatted into the page, for the browser to reuse while it hydrates:
 * a page's first `Intl.DateTimeFormat` costs the browser ~20 ms of ICU set-up (one long task
 * on a phone, measured in Chromium), for text the HTML already holds. Each such date is a
 * `<time data-date="{style}:{locale}" dateTime="{ISO}">` (`app/components/date-text.tsx`);
 * they are read once, on the first lookup — during hydration, when the document is complete.
 * Dates the page did not hold (a client navigation's new list) are formatted as usual.
 */
let rendered: Map<string, string> | undefined;

export const renderedDateKey = (format: string, iso: string) => `${format} ${iso}`;

/** The text the server gave this date in this format, when the page holds it; else undefined. */
export function renderedDate(format: string, iso: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  if (!rendered) {
    rendered = new Map();
    for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-date]")) {
      rendered.set(renderedDateKey(time.dataset.date ?? "", time.dateTime), time.textContent ?? "");
    }
  }
  return rendered.get(renderedDateKey(format, iso));
}
