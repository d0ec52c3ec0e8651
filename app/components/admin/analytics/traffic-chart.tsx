import { useId } from "react";
import { pointLabel as pointLabelIn } from "~/domain/analytics/point-label";
import type { Point } from "~/domain/analytics/report";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import { formatCount } from "./format";

const WIDTH = 640;
/** The axis labels: the page's 12 px (not the drawing's scale), legible on a 360 px phone. */
const AXIS = "text-xs leading-none text-slate-700";
const HEIGHT = 220;
const PLOT = { left: 4, right: 4, top: 8, bottom: 4 };

/**
 * Visitors (bars) and page views (line) over the period, drawn on the server as SVG: a title
 * and a description for screen readers, and the same numbers as a table below it. It scales to
 * the width of a 360 px phone; its axis labels are HTML beside it, so they keep the page's
 * 12 px where the drawing shrinks to half its size; no script.
 */
export function TrafficChart({
  locale,
  series,
  hourly,
  timeZone,
}: {
  locale: Locale;
  series: Point[];
  hourly: boolean;
  /** The agency's time zone: a one-day chart's hours are told in it. */
  timeZone: string;
}) {
  const t = useT();
  const pointLabel = (at: string, hourly: boolean) => pointLabelIn(at, hourly, timeZone);
  const id = useId();
  const count = (value: number) => formatCount(locale, value);
  const first = series[0];
  const last = series.at(-1);
  const range = {
    from: first ? pointLabel(first.at, hourly) : "",
    to: last ? pointLabel(last.at, hourly) : "",
  };
  const visitors = series.reduce((sum, p) => sum + p.visitors, 0);
  const views = series.reduce((sum, p) => sum + p.views, 0);
  const peak = series.reduce<Point | undefined>(
    (best, p) => (!best || p.visitors > best.visitors ? p : best),
    undefined,
  );
  const title = t(hourly ? "adminAnalytics.chart.titleHour" : "adminAnalytics.chart.titleDay");
  const desc =
    views === 0 || !peak
      ? t("adminAnalytics.chart.empty", range)
      : t("adminAnalytics.chart.desc", {
          ...range,
          visitors: count(visitors),
          views: count(views),
          peak: pointLabel(peak.at, hourly),
          peakVisitors: count(peak.visitors),
        });
  const max = Math.max(1, ...series.map((p) => p.views));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const step = plotWidth / Math.max(1, series.length);
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  const line = series
    .map((p, i) => `${(PLOT.left + step * (i + 0.5)).toFixed(1)},${y(p.views).toFixed(1)}`)
    .join(" ");
  return (
    <div className="mb-10">
      <figure>
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <div aria-hidden="true" className={`${AXIS} flex flex-col justify-between text-right`}>
            <span>{count(max)}</span>
            <span>0</span>
          </div>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            className="h-auto w-full rounded-lg border border-slate-200 bg-white"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{desc}</desc>
            <line
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(0)}
              y2={y(0)}
              className="stroke-slate-400"
            />
            {series.map((p, i) => (
              <rect
                key={p.at}
                x={PLOT.left + step * i + step * 0.15}
                width={Math.max(0.5, step * 0.7)}
                y={y(p.visitors)}
                height={y(0) - y(p.visitors)}
                className="fill-brand-700"
              />
            ))}
            <polyline points={line} fill="none" strokeWidth={2} className="stroke-amber-600" />
          </svg>
          <div aria-hidden="true" className={`${AXIS} col-start-2 flex justify-between gap-2 pt-1`}>
            <span>{range.from}</span>
            <span>{range.to}</span>
          </div>
        </div>
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
          <span>
            <span aria-hidden="true" className="mr-1 inline-block size-3 bg-brand-700" />
            {t("adminAnalytics.columns.visitors")}
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-0.5 w-4 bg-amber-600 align-middle"
            />
            {t("adminAnalytics.columns.views")}
          </span>
          {hourly ? <span>{t("adminAnalytics.hoursIn", { zone: timeZone })}</span> : null}
        </figcaption>
      </figure>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-800">
          {t("adminAnalytics.chart.table")}
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                {t("adminAnalytics.chart.at")}
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {t("adminAnalytics.columns.visitors")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("adminAnalytics.columns.views")}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.at} className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {pointLabel(p.at, hourly)}
                </th>
                <td className="py-1 pr-4 text-right">{count(p.visitors)}</td>
                <td className="py-1 text-right">{count(p.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
