/**
 * The period an analytics report covers, from the page's query (`?period=7d`, or
 * `?period=custom&from=2026-11-01&to=2026-11-30`), and the period before it of the same length.
 * Days are the agency's days (AGENCY_TIME_ZONE: supabase/migrations/…_analytics_agency_days.sql):
 * "today" begins at the agency's midnight. Isomorphic.
 */
import { clipCodePoints } from "~/lib/text";
import { dayIn } from "~/lib/time-zone";

export const PERIODS = ["today", "7d", "30d", "12m", "custom"] as const;
export type PeriodName = (typeof PERIODS)[number];

/** The longest custom period, in days. */
export const MAX_DAYS = 366;
const DAY = 86_400_000;

export interface Period {
  name: PeriodName;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day (inclusive). */
  to: string;
  /** The day after `to`: the reports' exclusive end. */
  end: string;
  days: number;
  /**
   * Today: the chart shows hours (read from the raw events; any other period's days come from
   * the daily sums, which outlive the raw events).
   */
  hourly: boolean;
  previous: { from: string; to: string; end: string };
}

export type PeriodField = "from" | "to";
export type PeriodError = "required" | "invalid" | "order" | "tooLong" | "future";

export type PeriodQuery =
  | { ok: true; period: Period }
  | {
      ok: false;
      name: "custom";
      values: { from: string; to: string };
      errors: Partial<Record<PeriodField, PeriodError>>;
    };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function parseDay(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(ms) !== value ? null : ms;
}

function periodOf(name: PeriodName, first: number, last: number): Period {
  const days = Math.round((last - first) / DAY) + 1;
  return {
    name,
    from: isoDay(first),
    to: isoDay(last),
    end: isoDay(last + DAY),
    days,
    hourly: name === "today",
    previous: {
      from: isoDay(first - days * DAY),
      to: isoDay(first - DAY),
      end: isoDay(first),
    },
  };
}

const LENGTH: Record<Exclude<PeriodName, "custom">, number> = {
  today: 1,
  "7d": 7,
  "30d": 30,
  "12m": 365,
};

/**
 * The period of a query, today being the day of `now` in `timeZone` (the agency's); an unknown
 * name is the last 7 days.
 */
export function parsePeriod(
  query: URLSearchParams,
  timeZone: string,
  now = Date.now(),
): PeriodQuery {
  const today = parseDay(dayIn(now, timeZone)) ?? now;
  const asked = query.get("period") ?? "7d";
  const name = (PERIODS as readonly string[]).includes(asked) ? (asked as PeriodName) : "7d";
  if (name !== "custom") {
    return { ok: true, period: periodOf(name, today - (LENGTH[name] - 1) * DAY, today) };
  }
  const values = {
    from: clipCodePoints((query.get("from") ?? "").trim(), 10),
    to: clipCodePoints((query.get("to") ?? "").trim(), 10),
  };
  const errors: Partial<Record<PeriodField, PeriodError>> = {};
  const first = parseDay(values.from);
  const last = parseDay(values.to);
  for (const [field, day] of [
    ["from", first],
    ["to", last],
  ] as const) {
    if (!values[field]) errors[field] = "required";
    else if (day === null) errors[field] = "invalid";
    else if (day > today) errors[field] = "future";
  }
  if (first !== null && last !== null && !errors.from && !errors.to) {
    if (last < first) errors.to = "order";
    else if ((last - first) / DAY + 1 > MAX_DAYS) errors.to = "tooLong";
  }
  if (first === null || last === null || errors.from || errors.to) {
    return { ok: false, name: "custom", values, errors };
  }
  return { ok: true, period: periodOf("custom", first, last) };
}

/** The query string of a period (links to CSV files keep the page's period). */
export function periodSearch(period: Period): string {
  const params = new URLSearchParams({ period: period.name });
  if (period.name === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return params.toString();
}
