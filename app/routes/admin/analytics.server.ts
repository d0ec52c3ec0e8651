import { data } from "react-router";
import { parsePeriod } from "~/domain/analytics/period";
import { loadReport } from "~/domain/analytics/report.server";
import { serviceNamesIn } from "~/domain/site/service-titles.server";
import { bundle, translate } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/analytics";

/**
 * GET /admin/analytics?period=…: the report of the period (and of the one before), in the
 * admin's language. A wrong custom period: 400 with the messages next to its fields.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const i18n = bundle(locale, ["adminAnalytics"]);
  const period = parsePeriod(query, agencyTimeZone());
  if (!period.ok) {
    return data({ locale, i18n, period, report: null, error: null }, { status: 400 });
  }
  const [report, services] = await Promise.all([
    loadReport(supabase, period.period),
    serviceNamesIn(locale),
  ]);
  if (!report.ok) {
    const error = translate(locale, "adminAnalytics.loadError");
    return data({ locale, i18n, period, report: null, error }, { status: 502 });
  }
  const timeZone = agencyTimeZone();
  return { locale, i18n, period, report: report.value, error: null, services, timeZone };
}
