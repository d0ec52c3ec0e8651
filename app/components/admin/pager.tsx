import { Link, useLocation } from "react-router";
import { pageCount } from "~/domain/admin/pagination";
import { linkClass } from "./admin-page";

/** Page links (plain links: they work without JS) keeping the list's filters. */
export function Pager({ page, total, label }: { page: number; total: number; label: string }) {
  const { pathname, search } = useLocation();
  const pages = pageCount(total);
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label={`${label} pages`} className="mt-6 flex flex-wrap items-center gap-4 text-sm">
      <p className="text-slate-700">
        {total} {total === 1 ? "result" : "results"} · page {page} of {pages}
      </p>
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          Previous page
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
