import { Link } from "react-router";
import { ProjectImage } from "~/components/portfolio/project-image";
import type { WorkItem } from "~/domain/site/content.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { staggerStyle } from "~/lib/stagger";
import { useSignedIn } from "../layout/nav-links";
import { HomeSection } from "./section";

export function PortfolioSection({ items }: { items: readonly WorkItem[] }) {
  const t = useT();
  const signedIn = useSignedIn();
  return (
    <HomeSection id="portfolio" title={t("home.workTitle")} intro={t("home.workIntro")}>
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li
            key={item.slug}
            className="stagger-in overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            style={staggerStyle(index)}
          >
            <ProjectImage src={item.image} />
            <div className="p-5">
              <p
                className="text-sm font-semibold text-brand-700"
                lang={langOf(item, "categoryLabel")}
              >
                {item.categoryLabel}
              </p>
              <h3
                className="mt-1 text-lg font-semibold text-slate-900"
                lang={langOf(item, "title")}
              >
                {item.title}
              </h3>
              <p className="mt-2 text-slate-600" lang={langOf(item, "description")}>
                {item.description}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        {/* Signed out, the whole portfolio is behind sign-in: the button says so (this section
            is what the nav's Portfolio shows them). */}
        <Link
          to={signedIn ? t.path("/portfolio") : `${t.path("/login")}?redirectTo=%2Fportfolio`}
          className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t(signedIn ? "home.viewPortfolio" : "home.signInForPortfolio")}
        </Link>
      </p>
    </HomeSection>
  );
}
