import { change, rate, type Totals } from "~/domain/analytics/report";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import { formatCount } from "./format";

function Figure({
  label,
  now,
  before,
  shown,
}: {
  label: string;
  now: number;
  before: number;
  shown: (value: number) => string;
}) {
  const t = useT();
  const delta = change(now, before);
  const trend =
    delta === null
      ? t("adminAnalytics.summary.new")
      : delta === 0
        ? t("adminAnalytics.summary.same")
        : delta > 0
          ? t("adminAnalytics.summary.up", { value: delta })
          : t("adminAnalytics.summary.down", { value: -delta });
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{shown(now)}</dd>
      <dd className="mt-1 text-sm text-slate-700">
        {trend} · {t("adminAnalytics.summary.before", { value: shown(before) })}
      </dd>
    </div>
  );
}

/** Visitors, page views, converting visitors and the conversion rate, against the period before. */
export function Summary({
  locale,
  totals,
  previous,
}: {
  locale: Locale;
  totals: Totals;
  previous: Totals;
}) {
  const t = useT();
  const count = (value: number) => formatCount(locale, value);
  const percent = (value: number) => `${value}%`;
  return (
    <dl
      aria-label={t("adminAnalytics.summary.label")}
      className="mb-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Figure
        label={t("adminAnalytics.summary.visitors")}
        now={totals.visitors}
        before={previous.visitors}
        shown={count}
      />
      <Figure
        label={t("adminAnalytics.summary.views")}
        now={totals.views}
        before={previous.views}
        shown={count}
      />
      <Figure
        label={t("adminAnalytics.summary.converted")}
        now={totals.converted}
        before={previous.converted}
        shown={count}
      />
      <Figure
        label={t("adminAnalytics.summary.rate")}
        now={rate(totals.converted, totals.visitors)}
        before={rate(previous.converted, previous.visitors)}
        shown={percent}
      />
    </dl>
  );
}
