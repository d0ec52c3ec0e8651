import { csvLine } from "~/domain/newsletter/csv";
import { COLUMNS, type Report, TABLES, type TableName } from "./report";

/** The CSV files of a report: each table, and the chart's series. */
export const CSV_TABLES = [...TABLES, "series"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export function isCsvTable(value: string | null): value is CsvTable {
  return (CSV_TABLES as readonly string[]).includes(value ?? "");
}

/**
 * RFC 4180 CSV of one table (machine-readable column names, raw values: '' is a direct visit);
 * visitors' referrers and campaign tags are text anyone can send, so every cell goes through
 * the formula-neutralising `csvLine`.
 */
export function reportCsv(report: Report, table: CsvTable): string {
  if (table === "series") {
    return (
      csvLine(["at", "visitors", "views"]) +
      report.series.map((p) => csvLine([p.at, String(p.visitors), String(p.views)])).join("")
    );
  }
  const { labels, numbers } = COLUMNS[table as TableName];
  return (
    csvLine([...labels, ...numbers]) +
    report.tables[table].map((row) => csvLine([...row.cells, ...row.numbers.map(String)])).join("")
  );
}
