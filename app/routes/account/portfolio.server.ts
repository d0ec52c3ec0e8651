import { data, redirect } from "react-router";
import { pageI18n } from "~/i18n/page.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { pageSnapshot } from "~/web/page-content.server";
import type { Route } from "./+types/portfolio";

/**
 * Signed-in only: the account layout's middleware (app/routes.ts). ?category= (a category's slug)
 * filters the projects; ?project= opens one's details (no JS), and a project's former slug
 * answers 301 to its current one.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, [
    "portfolio",
    "common.contactUs",
    "meta.portfolioDescription",
  ]);
  const snapshot = await pageSnapshot();
  const { categories, projects: all } = snapshot.in(locale);
  const projectSlug = url.searchParams.get("project");
  if (projectSlug && !all.some((p) => p.slug === projectSlug)) {
    const fate = snapshot.redirects.projects.get(projectSlug);
    if (fate && "moved" in fate) {
      const query = new URLSearchParams(url.searchParams);
      query.set("project", fate.moved);
      throw redirect(`${url.pathname}?${query}`, 301);
    }
  }
  const category = categories.find((c) => c.slug === url.searchParams.get("category"));
  return data(
    {
      category: category?.slug ?? null,
      categories,
      projects: category ? all.filter((p) => p.category === category.slug) : all,
      /** Every project, for the details dialog (with JS the filter changes without a reload). */
      all,
      selected: all.find((p) => p.slug === projectSlug)?.slug ?? null,
      i18n,
    },
    { headers: cacheHeaders("private") },
  );
}
