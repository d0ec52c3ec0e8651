import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { NotCountedNote } from "~/components/admin/analytics/not-counted";
import { PeriodForm } from "~/components/admin/analytics/period-form";
import { ReportTable } from "~/components/admin/analytics/report-table";
import { Summary } from "~/components/admin/analytics/summary";
import { TrafficChart } from "~/components/admin/analytics/traffic-chart";
import { LoadError } from "~/components/admin/confirm-step";
import { periodSearch } from "~/domain/analytics/period";
import { TABLES } from "~/domain/analytics/report";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/analytics";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminAnalytics.title"),
    description: t("adminAnalytics.subtitle"),
    path: "/admin/analytics",
    noindex: true,
  });
};

export { loader } from "./analytics.server";

/** /admin/analytics: the period's visits and leads, against the period before. */
export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { locale, period, report, error } = loaderData;
  const services = "services" in loaderData ? loaderData.services : {};
  const timeZone = "timeZone" in loaderData ? loaderData.timeZone : "UTC";
  const serviceName = (slug: string) => services[slug];
  const search = report ? periodSearch(report.period) : "";
  return (
    <div lang={locale}>
      <AdminPage title={t("adminAnalytics.title")} subtitle={t("adminAnalytics.subtitle")}>
        <PeriodForm query={period} />
        {error ? <LoadError message={error} /> : null}
        {report ? (
          <>
            <p className="mb-6 text-slate-700">
              {t("adminAnalytics.range", {
                from: report.period.from,
                to: report.period.to,
                previousFrom: report.period.previous.from,
                previousTo: report.period.previous.to,
              })}
            </p>
            <Summary locale={locale} totals={report.totals} previous={report.previous} />
            <NotCountedNote
              locale={locale}
              count={report.totals.notCounted}
              href="#table-not-counted"
            />
            <TrafficChart
              locale={locale}
              series={report.series}
              hourly={report.period.hourly}
              timeZone={timeZone}
            />
            <p className="-mt-6 mb-10">
              <a
                href={`/admin/analytics.csv?table=series&${search}`}
                className={linkClass}
                download
              >
                {t("adminAnalytics.csv")}
              </a>
            </p>
            {TABLES.map((name) => (
              <ReportTable
                key={name}
                locale={locale}
                name={name}
                rows={report.tables[name]}
                csvHref={`/admin/analytics.csv?table=${name}&${search}`}
                serviceName={serviceName}
              />
            ))}
            <p className="text-sm text-slate-700">
              {t("adminAnalytics.privacy", { zone: timeZone })}
            </p>
          </>
        ) : null}
      </AdminPage>
    </div>
  );
}
