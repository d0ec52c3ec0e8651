import { labelOf, type ServiceName } from "~/domain/analytics/labels";
import {
  COLUMNS,
  type NumberColumn,
  type TableName,
  type TableRow,
} from "~/domain/analytics/report";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import { linkClass, stacked } from "../admin-page";
import { EmptyList } from "../confirm-step";
import { formatCount } from "./format";

/** One table of the report, stacked on a phone, with its CSV file. */
export function ReportTable({
  locale,
  name,
  rows,
  csvHref,
  serviceName,
}: {
  locale: Locale;
  name: TableName;
  rows: TableRow[];
  csvHref: string;
  serviceName: ServiceName;
}) {
  const t = useT();
  const { labels, numbers } = COLUMNS[name];
  const title = t(`adminAnalytics.tables.${name}`);
  const headings = [...labels, ...numbers].map((column) => t(`adminAnalytics.columns.${column}`));
  const shown = (column: NumberColumn | undefined, value: number) =>
    column === "rate" ? `${value}%` : formatCount(locale, value);
  return (
    <section aria-labelledby={`table-${name}`} className="mb-10">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`table-${name}`} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <a href={csvHref} className={linkClass} download>
          {t("adminAnalytics.csvOf", { table: title })}
        </a>
      </div>
      {rows.length === 0 ? (
        <EmptyList>
          {name === "countries"
            ? t("adminAnalytics.noCountries")
            : name === "not-counted"
              ? t("adminAnalytics.allCounted")
              : t("adminAnalytics.empty")}
        </EmptyList>
      ) : (
        <div className={stacked.frame}>
          <table className={stacked.table}>
            <caption className="sr-only">{title}</caption>
            <thead className={stacked.head}>
              <tr>
                {headings.map((heading, i) => (
                  <th
                    key={heading}
                    scope="col"
                    className={`${stacked.th} ${i >= labels.length ? "sm:text-right" : ""}`}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.cells.join("\t")} className={stacked.row}>
                  {row.cells.map((cell, i) => (
                    <td key={labels[i]} data-label={headings[i]} className={stacked.cell}>
                      {labelOf(t, labels[i] ?? "page", cell, serviceName)}
                    </td>
                  ))}
                  {row.numbers.map((value, i) => (
                    <td
                      key={numbers[i]}
                      data-label={headings[labels.length + i]}
                      className={`${stacked.cell} sm:text-right`}
                    >
                      {shown(numbers[i], value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
