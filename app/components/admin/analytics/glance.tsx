import { Link } from "react-router";
import type { Totals } from "~/domain/analytics/report";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import { linkClass } from "../admin-page";
import { NotCountedNote } from "./not-counted";
import { Summary } from "./summary";

/** /admin's card: the last 7 days of analytics against the 7 before, and the way to the rest. */
export function AnalyticsGlance({
  locale,
  totals,
  previous,
}: {
  locale: Locale;
  totals: Totals;
  previous: Totals;
}) {
  const t = useT();
  return (
    <section lang={locale} aria-labelledby="analytics-glance" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-glance" className="text-xl font-bold text-slate-900">
          {t("adminAnalytics.glance.title")}
        </h2>
        <Link to="/admin/analytics" className={linkClass}>
          {t("adminAnalytics.glance.open")}
        </Link>
      </div>
      <Summary locale={locale} totals={totals} previous={previous} />
      <NotCountedNote
        locale={locale}
        count={totals.notCounted}
        href="/admin/analytics#table-not-counted"
      />
    </section>
  );
}
