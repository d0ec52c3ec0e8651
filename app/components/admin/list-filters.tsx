import { Form } from "react-router";
import { useT } from "~/i18n/use-t";
import { secondaryButton } from "./admin-page";

const control =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";

/** A GET form (shareable URL, works without JS): a search box and an optional status filter. */
export function ListFilters({
  label,
  search,
  status,
}: {
  label: string;
  search: string;
  status?: { value: string; options: readonly { value: string; label: string }[] };
}) {
  const t = useT();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <div>
        <label htmlFor="list-search" className="mb-1 block text-sm font-semibold text-slate-800">
          {t("adminOffice.list.search")}
        </label>
        <input
          id="list-search"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={100}
          className={control}
        />
      </div>
      {status ? (
        <div>
          <label htmlFor="list-status" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("adminOffice.list.status")}
          </label>
          <select id="list-status" name="status" defaultValue={status.value} className={control}>
            <option value="">{t("adminOffice.list.all")}</option>
            {status.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={secondaryButton}>
        {t("adminOffice.list.apply")}
      </button>
    </Form>
  );
}
