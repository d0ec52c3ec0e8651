/**
 * What a point of the traffic chart is called: on a one-day chart its hour in the agency's time
 * zone (`14:00`, as the mails say times), else its day (`2026-12-05`: the daily sums count the
 * agency's days, and a day's point is the instant it begins there). `dated` adds the day to an
 * hour (the CSV file's rows). Isomorphic.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: string, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(at))) parts[part.type] = part.value;
  return parts;
}

export function pointLabel(at: string, hourly: boolean, timeZone: string, dated = false): string {
  const { year, month, day, hour, minute } = partsIn(at, timeZone);
  if (!hourly) return `${year}-${month}-${day}`;
  const time = `${hour}:${minute}`;
  return dated ? `${year}-${month}-${day} ${time}` : time;
}
