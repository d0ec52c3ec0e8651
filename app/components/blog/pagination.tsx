import { Link } from "react-router";
import { type BlogFilters, filtersToSearch } from "~/domain/posts/blog-filters";
import { useT } from "~/i18n/use-t";

const pageLink =
  "inline-flex min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700";

/** Page links of the blog list (plain links: they work without JavaScript), keeping filters. */
export function Pagination({
  filters,
  page,
  pageCount,
  total,
}: {
  filters: BlogFilters;
  page: number;
  pageCount: number;
  total: number;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const href = (n: number) => t.path(`/blog${filtersToSearch(filters, n)}`);
  return (
    <nav aria-label={t("blog.pages")} className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-slate-600">{t("blog.pageSummary", { page, pageCount, total })}</p>
      <ul className="flex flex-wrap gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={pageLink}>
              {t("blog.previous")}
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={t("blog.pageN", { n })}
              className={`${pageLink} ${n === page ? "border-brand-700 bg-brand-700 text-white hover:text-white" : ""}`}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={pageLink}>
              {t("blog.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
