import { useMemo } from "react";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { fieldIdOf } from "~/components/forms/field-id";
import { PERIODS, type PeriodQuery } from "~/domain/analytics/period";
import { useT } from "~/i18n/use-t";
import { primaryButton } from "../admin-page";

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 aria-invalid:border-red-700";

/** The period: a GET form (works without JavaScript; the address can be shared). */
export function PeriodForm({ query }: { query: PeriodQuery }) {
  const t = useT();
  const name = query.ok ? query.period.name : query.name;
  const values = query.ok
    ? query.period.name === "custom"
      ? { from: query.period.from, to: query.period.to }
      : { from: "", to: "" }
    : query.values;
  const errors = query.ok ? {} : query.errors;
  // The loader's errors in the error summary: one object per query that has them.
  const problems = useMemo(
    () =>
      query.ok
        ? undefined
        : {
            errors: Object.fromEntries(
              Object.entries(query.errors).map(([field, key]) => [
                field,
                [t(`adminAnalytics.errors.${key}`)],
              ]),
            ),
          },
    [query, t],
  );
  const labelOf = (field: string) =>
    field === "from" || field === "to" ? t(`adminAnalytics.period.${field}`) : undefined;
  const idOf = (field: "from" | "to") => (errors[field] ? fieldIdOf(field) : `period-${field}`);
  return (
    <Form method="get" action="/admin/analytics" className="mb-8">
      <ErrorSummary answer={problems} labelOf={labelOf} className="mb-4" />
      <div className="flex flex-wrap items-end gap-4">
        <label className="min-w-40 flex-1 text-sm font-semibold text-slate-800">
          {t("adminAnalytics.period.legend")}
          <select name="period" defaultValue={name} className={input}>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`adminAnalytics.period.${period}`)}
              </option>
            ))}
          </select>
        </label>
        {(["from", "to"] as const).map((field) => (
          <div key={field} className="min-w-36 flex-1">
            <label htmlFor={idOf(field)} className="block text-sm font-semibold text-slate-800">
              {t(`adminAnalytics.period.${field}`)}
            </label>
            <input
              id={idOf(field)}
              type="date"
              name={field}
              defaultValue={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `period-${field}-error` : undefined}
              className={input}
            />
            {errors[field] ? (
              <p id={`period-${field}-error`} className="mt-1 text-sm text-red-700">
                {t(`adminAnalytics.errors.${errors[field]}`)}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className={primaryButton}>
          {t("adminAnalytics.period.show")}
        </button>
      </div>
    </Form>
  );
}
