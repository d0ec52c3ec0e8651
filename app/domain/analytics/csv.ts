import { csvLine } from "~/domain/newsletter/csv";
import { labelOf, type Say, type ServiceName } from "./labels";
import { pointLabel } from "./point-label";
import { COLUMNS, type Report, TABLES, type TableName } from "./report";

/** The CSV files of a report: each table, and the chart's series. */
export const CSV_TABLES = [...TABLES, "series"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export function isCsvTable(value: string | null): value is CsvTable {
  return (CSV_TABLES as readonly string[]).includes(value ?? "");
}

/** How the admin reads the file: their language, the services' names, the agency's hours. */
export interface CsvNaming {
  t: Say;
  serviceName: ServiceName;
  timeZone: string;
}

/**
 * RFC 4180 CSV of one table as the admin reads it on the page: headings and values in their
 * language (goals, devices, languages and reasons named, a quote request with its service's name,
 * direct traffic named, a one-day chart's hours in the agency's time zone with their day), the
 * numbers bare (no grouping, a rate in per cent without its sign) for a spreadsheet to sum.
 * Visitors' referrers and campaign tags are text anyone can send, so every cell goes through the
 * formula-neutralising `csvLine`.
 */
export function reportCsv(report: Report, table: CsvTable, naming: CsvNaming): string {
  const { t } = naming;
  if (table === "series") {
    const hourly = report.period.hourly;
    return (
      csvLine([
        t("adminAnalytics.chart.at"),
        t("adminAnalytics.columns.visitors"),
        t("adminAnalytics.columns.views"),
      ]) +
      report.series
        .map((p) =>
          csvLine([
            pointLabel(p.at, hourly, naming.timeZone, true),
            String(p.visitors),
            String(p.views),
          ]),
        )
        .join("")
    );
  }
  const { labels, numbers } = COLUMNS[table as TableName];
  const headings = [...labels, ...numbers].map((column) => t(`adminAnalytics.columns.${column}`));
  return (
    csvLine(headings) +
    report.tables[table]
      .map((row) =>
        csvLine([
          ...row.cells.map((cell, i) => labelOf(t, labels[i] ?? "page", cell, naming.serviceName)),
          ...row.numbers.map(String),
        ]),
      )
      .join("")
  );
}
