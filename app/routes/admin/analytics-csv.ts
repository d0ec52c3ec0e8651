import { data } from "react-router";
import { isCsvTable, reportCsv } from "~/domain/analytics/csv";
import { parsePeriod } from "~/domain/analytics/period";
import { loadReport } from "~/domain/analytics/report.server";
import { serviceNamesIn } from "~/domain/site/service-titles.server";
import { translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { agencyTimeZone } from "~/infra/env.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/analytics-csv";

/**
 * GET /admin/analytics.csv?table=pages&period=…: one table of the report as RFC 4180 CSV, a
 * download in the admin's language (tables: app/domain/analytics/csv.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const table = query.get("table");
  if (!isCsvTable(table)) throw data({ message: "No such table" }, { status: 404 });
  const period = parsePeriod(query, agencyTimeZone());
  if (!period.ok) throw data({ message: "Choose a valid period" }, { status: 400 });
  const locale = adminLocale(args.request);
  const [report, services] = await Promise.all([
    loadReport(supabase, period.period),
    serviceNamesIn(locale),
  ]);
  if (!report.ok) throw data({ message: report.message }, { status: 502 });
  const { from, to } = period.period;
  const naming = {
    t: translator(locale),
    serviceName: (slug: string) => services[slug],
    timeZone: agencyTimeZone(),
  };
  return new Response(reportCsv(report.value, table, naming), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="analytics-${table}-${from}-${to}.csv"`,
      ...cacheHeaders("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
