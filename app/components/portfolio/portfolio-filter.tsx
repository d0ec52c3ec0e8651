import { Link } from "react-router";
import { SvgIcon } from "~/components/icons";
import { useDisclosure } from "~/components/layout/use-disclosure";
import { portfolioCategories } from "~/content/portfolio";

/** 'Filter by: {current}' dropdown; each choice is a URL (?category=…), so it works without JS. */
export function PortfolioFilter({ current }: { current: string | null }) {
  const ref = useDisclosure();
  const currentLabel = portfolioCategories.find((c) => c.slug === current)?.label ?? "All";
  const options = [{ slug: null, label: "All" }, ...portfolioCategories];
  return (
    <details ref={ref} className="relative inline-block" data-testid="portfolio-filter">
      <summary className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:border-brand-600">
        Filter by: {currentLabel}
        <SvgIcon name="chevronDown" width={18} height={18} />
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
        {options.map((option) => {
          const selected = option.slug === current;
          return (
            <li key={option.label}>
              <Link
                to={option.slug ? `?category=${option.slug}` : "/portfolio"}
                aria-current={selected ? "true" : undefined}
                preventScrollReset
                className={`block px-4 py-2.5 hover:bg-brand-50 ${
                  selected ? "font-semibold text-brand-800" : "text-slate-700"
                }`}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
