import { data } from "react-router";
import { isCsvTable, reportCsv } from "~/domain/analytics/csv";
import { parsePeriod } from "~/domain/analytics/period";
import { loadReport } from "~/domain/analytics/report.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/analytics-csv";

/**
 * GET /admin/analytics.csv?table=pages&period=…: one table of the report as RFC 4180 CSV, a
 * download (tables: app/domain/analytics/csv.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const table = query.get("table");
  if (!isCsvTable(table)) throw data({ message: "No such table" }, { status: 404 });
  const period = parsePeriod(query);
  if (!period.ok) throw data({ message: "Choose a valid period" }, { status: 400 });
  const report = await loadReport(supabase, period.period);
  if (!report.ok) throw data({ message: report.message }, { status: 502 });
  const { from, to } = period.period;
  return new Response(reportCsv(report.value, table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="analytics-${table}-${from}-${to}.csv"`,
      ...cacheHeaders("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
