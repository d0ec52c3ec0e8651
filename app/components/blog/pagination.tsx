import { Link } from "react-router";
import { type BlogFilters, filtersToSearch } from "~/domain/posts/blog-filters";

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
  if (pageCount <= 1) return null;
  const href = (n: number) => `/blog${filtersToSearch(filters, n)}`;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount} · {total} articles
      </p>
      <ul className="flex flex-wrap gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={pageLink}>
              Previous
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`${pageLink} ${n === page ? "border-brand-700 bg-brand-700 text-white hover:text-white" : ""}`}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={pageLink}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
