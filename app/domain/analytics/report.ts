/**
 * The analytics report as the admin pages show it and the CSV files carry it, built from the
 * database's sums (analytics_report, analytics_series). Isomorphic: no I/O.
 */
import type { Period } from "./period";

export interface SumRow {
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

export interface Totals {
  visitors: number;
  views: number;
  /** Visitors who reached at least one goal (a visitor counts once per goal). */
  converted: number;
  /** Events not counted: dropped by a cap, refused or lost in writing (the `dropped` rows). */
  notCounted: number;
}

export interface Point {
  at: string;
  views: number;
  visitors: number;
}

/** One row of a table: its label's parts, then its numbers in the table's column order. */
export interface TableRow {
  cells: string[];
  numbers: number[];
}

export const TABLES = [
  "pages",
  "sources",
  "campaigns",
  "languages",
  "devices",
  "countries",
  "goals",
  "goal-pages",
  "goal-sources",
  "not-counted",
] as const;
export type TableName = (typeof TABLES)[number];

export type LabelColumn =
  | "page"
  | "source"
  | "campaign"
  | "language"
  | "device"
  | "country"
  | "goal"
  | "reason";
export type NumberColumn =
  | "visitors"
  | "views"
  | "conversions"
  | "rate"
  | "pageVisitors"
  | "sourceVisitors"
  | "events";

/** What a table's columns hold: label columns first, then numbers (`rate` = per cent). */
export const COLUMNS: Record<TableName, { labels: LabelColumn[]; numbers: NumberColumn[] }> = {
  pages: { labels: ["page"], numbers: ["visitors", "views"] },
  sources: { labels: ["source"], numbers: ["visitors", "views"] },
  campaigns: { labels: ["campaign"], numbers: ["visitors", "views"] },
  languages: { labels: ["language"], numbers: ["visitors", "views"] },
  devices: { labels: ["device"], numbers: ["visitors", "views"] },
  countries: { labels: ["country"], numbers: ["visitors", "views"] },
  goals: { labels: ["goal"], numbers: ["conversions", "visitors", "rate"] },
  "goal-pages": { labels: ["goal", "page"], numbers: ["visitors", "pageVisitors", "rate"] },
  "goal-sources": { labels: ["goal", "source"], numbers: ["visitors", "sourceVisitors", "rate"] },
  "not-counted": { labels: ["reason"], numbers: ["events"] },
};

export interface Report {
  period: Period;
  totals: Totals;
  previous: Totals;
  series: Point[];
  tables: Record<TableName, TableRow[]>;
}

const DIMENSION: Record<
  Exclude<TableName, "goals" | "goal-pages" | "goal-sources" | "not-counted">,
  string
> = {
  pages: "page",
  sources: "source",
  campaigns: "campaign",
  languages: "language",
  devices: "device",
  countries: "country",
};

/** A conversion rate in per cent, one decimal; 0 without visitors. */
export function rate(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function totalsOf(rows: SumRow[]): Totals {
  const total = rows.find((r) => r.dimension === "total");
  const converted = rows
    .filter((r) => r.dimension === "goal_source")
    .reduce((sum, r) => sum + Number(r.visitors), 0);
  const notCounted = rows
    .filter((r) => r.dimension === "dropped")
    .reduce((sum, r) => sum + Number(r.views), 0);
  return {
    visitors: Number(total?.visitors ?? 0),
    views: Number(total?.views ?? 0),
    converted,
    notCounted,
  };
}

export function buildReport(
  period: Period,
  current: SumRow[],
  previous: SumRow[],
  series: Point[],
): Report {
  const totals = totalsOf(current);
  const of = (dimension: string) => current.filter((r) => r.dimension === dimension);
  const visitorsOf = (dimension: string) =>
    new Map(of(dimension).map((r) => [r.value, Number(r.visitors)]));
  const entries = visitorsOf("entry");
  const sources = visitorsOf("source");
  const split = (value: string) => {
    const at = value.indexOf("\t");
    return [value.slice(0, at), value.slice(at + 1)] as const;
  };
  const tables = {} as Record<TableName, TableRow[]>;
  for (const [table, dimension] of Object.entries(DIMENSION)) {
    tables[table as TableName] = of(dimension).map((r) => ({
      cells: [r.value],
      numbers: [Number(r.visitors), Number(r.views)],
    }));
  }
  tables.goals = of("goal").map((r) => ({
    cells: [r.value],
    numbers: [Number(r.views), Number(r.visitors), rate(Number(r.visitors), totals.visitors)],
  }));
  tables["goal-pages"] = of("goal_page").map((r) => {
    const [goal, page] = split(r.value);
    const visitors = entries.get(page) ?? 0;
    return {
      cells: [goal, page],
      numbers: [Number(r.visitors), visitors, rate(Number(r.visitors), visitors)],
    };
  });
  tables["goal-sources"] = of("goal_source").map((r) => {
    const [goal, source] = split(r.value);
    const visitors = sources.get(source) ?? 0;
    return {
      cells: [goal, source],
      numbers: [Number(r.visitors), visitors, rate(Number(r.visitors), visitors)],
    };
  });
  tables["not-counted"] = of("dropped").map((r) => ({
    cells: [r.value],
    numbers: [Number(r.views)],
  }));
  return {
    period,
    totals,
    previous: totalsOf(previous),
    series: series.map((p) => ({ at: p.at, views: Number(p.views), visitors: Number(p.visitors) })),
    tables,
  };
}

/** The change from `before` to `now` in per cent (null when there was nothing before). */
export function change(now: number, before: number): number | null {
  return before > 0 ? Math.round(((now - before) / before) * 100) : null;
}
