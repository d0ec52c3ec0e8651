import { type MouseEvent, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { PageHeading } from "~/components/page-heading";
import { PortfolioFilter } from "~/components/portfolio/portfolio-filter";
import { ProjectCard } from "~/components/portfolio/project-card";
import { ProjectDetailsSection, ProjectDialog } from "~/components/portfolio/project-details";
import { translatorFrom, useT } from "~/i18n/use-t";
import { cacheHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import { staggerStyle } from "~/lib/stagger";
import type { Route } from "./+types/portfolio";

export { loader } from "./portfolio.server";

export const headers: Route.HeadersFunction = () => cacheHeaders("private");

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("portfolio.title"),
    description: t("meta.portfolioDescription"),
    path: "/portfolio",
    noindex: true,
  });
};

export default function PortfolioRoute({ loaderData }: Route.ComponentProps) {
  const { category, categories, projects, all, selected } = loaderData;
  const hydrated = useHydrated();
  const t = useT();
  const [dialogSlug, setDialogSlug] = useState<string | null>(null);
  const base = category ? `?category=${category}` : t.path("/portfolio");
  const detailsHref = (slug: string) =>
    `${category ? `?category=${category}&` : "?"}project=${slug}#project-details`;
  const openDialog = (slug: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setDialogSlug(slug);
  };
  const sectionProject = all.find((p) => p.slug === selected);
  return (
    <>
      <PageHeading title={t("portfolio.title")} subtitle={t("portfolio.subtitle")} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <PortfolioFilter current={category} categories={categories} />
        <ul
          className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("portfolio.projects")}
        >
          {projects.map((project, index) => (
            <li key={project.slug} className="stagger-in" style={staggerStyle(index)}>
              <ProjectCard
                project={project}
                detailsHref={detailsHref(project.slug)}
                onViewDetails={openDialog(project.slug)}
              />
            </li>
          ))}
        </ul>
        {sectionProject ? (
          <ProjectDetailsSection project={sectionProject} closeHref={base} />
        ) : null}
        <section
          aria-labelledby="cta-heading"
          className="mt-16 rounded-2xl bg-brand-900 px-6 py-12 text-center text-white"
        >
          <h2 id="cta-heading" className="text-3xl font-bold">
            {t("portfolio.ctaTitle")}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">{t("portfolio.ctaText")}</p>
          <Link
            to={t.path("/contact")}
            className="mt-6 inline-block rounded-lg bg-accent-400 px-6 py-3 font-semibold text-slate-900 hover:bg-accent-500"
          >
            {t("common.contactUs")}
          </Link>
        </section>
      </div>
      <ProjectDialog
        project={all.find((p) => p.slug === dialogSlug) ?? null}
        onClose={() => setDialogSlug(null)}
      />
    </>
  );
}
