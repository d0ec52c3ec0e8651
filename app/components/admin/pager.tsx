import { Link, useLocation } from "react-router";
import { pageCount } from "~/domain/admin/pagination";
import { useT } from "~/i18n/use-t";
import { linkClass } from "./admin-page";

/** Page links (plain links: they work without JS) keeping the list's filters. */
export function Pager({
  page,
  total,
  label,
  size,
}: {
  page: number;
  total: number;
  label: string;
  /** Rows per page, when the list does not use the admin lists' PAGE_SIZE. */
  size?: number;
}) {
  const { pathname, search } = useLocation();
  const t = useT();
  const pages = pageCount(total, size);
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav
      aria-label={t("adminOffice.list.pages", { label })}
      className="mt-6 flex flex-wrap items-center gap-4 text-sm"
    >
      <p className="text-slate-700">
        {t(total === 1 ? "adminOffice.list.resultsOne" : "adminOffice.list.resultsOther", {
          total,
          page,
          pages,
        })}
      </p>
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          {t("adminOffice.list.previous")}
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          {t("adminOffice.list.next")}
        </Link>
      ) : null}
    </nav>
  );
}
