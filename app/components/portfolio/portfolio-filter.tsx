import { Link } from "react-router";
import { SvgIcon } from "~/components/icons";
import { useDisclosure } from "~/components/layout/use-disclosure";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";

/** 'Filter by: {current}' dropdown; each choice is a URL (?category=…), so it works without JS. */
export function PortfolioFilter({
  current,
  categories,
}: {
  current: string | null;
  categories: readonly { slug: string; label: string; english?: readonly string[] }[];
}) {
  const ref = useDisclosure();
  const t = useT();
  const all = t("portfolio.all");
  const currentLabel = categories.find((c) => c.slug === current)?.label ?? all;
  const options: { slug: string | null; label: string; english?: readonly string[] }[] = [
    { slug: null, label: all },
    ...categories,
  ];
  return (
    <details ref={ref} className="relative inline-block" data-testid="portfolio-filter">
      <summary className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:border-brand-600">
        {t("portfolio.filterBy", { current: currentLabel })}
        <SvgIcon name="chevronDown" width={18} height={18} />
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
        {options.map((option) => {
          const selected = option.slug === current;
          return (
            <li key={option.label}>
              <Link
                to={option.slug ? `?category=${option.slug}` : t.path("/portfolio")}
                aria-current={selected ? "true" : undefined}
                preventScrollReset
                lang={langOf(option, "label")}
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
