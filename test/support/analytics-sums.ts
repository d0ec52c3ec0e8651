/**
 * Random analytics events for the property tests of the daily sums
 * (supabase/migrations/20261207000001_analytics_sums.sql): a few visitors on two days, with
 * times that tie, sources, campaigns and goals, each event given to one of several batches.
 * Their times cross the agency's midnight (21:00 UTC in Nairobi), so they fall on three of its
 * days (20261232000001_analytics_agency_days.sql).
 */
import fc from "fast-check";
import type { Goal, RecordedEvent } from "~/domain/analytics/event";
import type { SqlSession } from "./sql-session.ts";

export const DAYS = ["2026-01-10", "2026-01-11"] as const;
/** The day after them (in UTC): the end of every range read. */
const END = "2026-01-12T00:00:00Z";
/** The agency's days the events fall on: 19:30–22:30 UTC is 22:30–01:30 in Nairobi. */
const AGENCY_DAYS = [...DAYS, "2026-01-12"];

/** An event as the site's writer sends it, and the batch (0–5) that carries it. */
export type RandomEvent = RecordedEvent & { batch: number };

const PAGES: [string, RecordedEvent["lang"]][] = [
  ["/", "en"],
  ["/services", "en"],
  ["/sw/blog", "sw"],
  ["/fr/contact", "fr"],
];
const CAMPAIGNS = [
  ["", "", ""],
  ["", "", ""],
  ["newsletter", "email", "dec"],
  ["", "", "spring"],
  ["x", "", ""],
];

export const randomEvent: fc.Arbitrary<RandomEvent> = fc
  .record({
    visitor: fc.integer({ min: 0, max: 4 }),
    day: fc.integer({ min: 0, max: 1 }),
    // Ten-minute steps over three hours across Nairobi's midnight: ties in time are common,
    // hours and the agency's days differ.
    step: fc.integer({ min: 0, max: 18 }),
    goal: fc.option(fc.constantFrom<Goal>("contact", "quote", "signup"), { freq: 4 }),
    detail: fc.constantFrom("", "bulk-sms"),
    page: fc.constantFrom(...PAGES),
    referrer: fc.constantFrom("", "", "google.com", "x.com"),
    campaign: fc.constantFrom(...CAMPAIGNS),
    country: fc.constantFrom("", "KE"),
    device: fc.constantFrom<RecordedEvent["device"]>("desktop", "mobile"),
    batch: fc.integer({ min: 0, max: 5 }),
  })
  .map((r) => {
    const [path, lang] = r.page;
    const [utm_source, utm_medium, utm_campaign] = r.campaign as [string, string, string];
    const goal = r.goal ?? "";
    return {
      at: new Date(Date.parse(`${DAYS[r.day]}T19:30:00Z`) + r.step * 600_000).toISOString(),
      kind: goal ? ("goal" as const) : ("view" as const),
      path,
      lang,
      goal,
      detail: goal === "quote" ? r.detail : "",
      // A goal's own request names this site: its source comes from the day's views.
      referrer: goal ? "" : r.referrer,
      utm_source: goal ? "" : utm_source,
      utm_medium: goal ? "" : utm_medium,
      utm_campaign: goal ? "" : utm_campaign,
      country: r.country,
      device: r.device,
      visitor: String(r.visitor).repeat(32),
      address: "a".repeat(32),
      batch: r.batch,
    } satisfies RandomEvent;
  });

/** Batches in the order they are written; within one, events in the order generated. */
export function batchesOf(events: RandomEvent[]): RecordedEvent[][] {
  const batches: RecordedEvent[][] = [[], [], [], [], [], []];
  for (const { batch, ...event } of events) batches[batch]?.push(event);
  return batches.filter((batch) => batch.length > 0);
}

export interface SumRow {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

const ROW = `day::text as day, dimension, value, views::int as views, visitors::int as visitors`;
const ORDER = "order by 1, 2, 3";

/** The sums kept for the agency's days of the events. */
export async function keptSums(session: SqlSession): Promise<SumRow[]> {
  const { rows } = await session.query<SumRow>(
    `select ${ROW} from public.analytics_daily
      where day in (${AGENCY_DAYS.map((day) => `'${day}'`).join(", ")}) ${ORDER}`,
  );
  return rows;
}

/**
 * The same sums from scratch: analytics_aggregate over every raw event of the two days (the
 * function the reports used to call), and the views and distinct visitors of each hour of the
 * agency's day (its zone as analytics_settings keeps it; each event's day from its time there).
 */
export async function sumsFromScratch(session: SqlSession): Promise<SumRow[]> {
  const { rows } = await session.query<SumRow>(
    `select ${ROW} from (
       select a.day, a.dimension, a.value, a.views, a.visitors
         from public.analytics_aggregate('${DAYS[0]}T00:00:00Z', '${END}', false) a
       union all
       select (e.at at time zone z.zone)::date, 'hour', to_char(e.at at time zone z.zone, 'HH24'),
              count(*), count(distinct e.visitor)
         from public.analytics_events e
        cross join (select public.analytics_time_zone() as zone) z
        where e.kind = 'view' and e.at >= '${DAYS[0]}T00:00:00Z' and e.at < '${END}'
        group by 1, 3
     ) s ${ORDER}`,
  );
  return rows;
}

/** The claims of the site's server (the service role), for this transaction. */
export const AS_SERVICE_ROLE = `select set_config('role', 'service_role', true),
  set_config('request.jwt.claims', '{"role":"service_role"}', true)`;

/** analytics_record with caps no test reaches unless it sets them. */
export async function record(
  session: SqlSession,
  events: object[],
  caps: { budget?: number; browsers?: number; perVisitor?: number } = {},
): Promise<Record<string, number>> {
  const { rows } = await session.query<{ fate: string; events: number }>(
    "select fate, events::int as events from public.analytics_record(null, $1::jsonb, '[]'::jsonb, $2, $3, $4)",
    [JSON.stringify(events), caps.budget ?? 1e9, caps.browsers ?? 1e6, caps.perVisitor ?? 1e6],
  );
  return Object.fromEntries(rows.map((row) => [row.fate, row.events]));
}
