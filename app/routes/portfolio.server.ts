import { data } from "react-router";
import { categoryLabelIn, projectsIn } from "~/content/localized.server";
import { portfolioCategories, portfolioCategoryBySlug } from "~/content/portfolio";
import { pageI18n } from "~/i18n/page.server";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { requireUser } from "~/infra/session.server";
import type { Route } from "./+types/portfolio";

/** Signed-in only. ?category= filters the projects; ?project= opens one's details (no JS). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser({ request, context });
  const { locale, i18n } = pageI18n(url, [
    "portfolio",
    "common.contactUs",
    "meta.portfolioDescription",
  ]);
  const category = portfolioCategoryBySlug(url.searchParams.get("category"));
  const projectSlug = url.searchParams.get("project");
  const all = projectsIn(locale);
  return data(
    {
      category: category?.slug ?? null,
      categories: portfolioCategories.map((c) => ({
        slug: c.slug,
        label: categoryLabelIn(locale, c.label),
      })),
      projects: category ? all.filter((p) => p.category === category.label) : all,
      /** Every project, for the details dialog (with JS the filter changes without a reload). */
      all,
      selected: all.find((p) => p.slug === projectSlug)?.slug ?? null,
      i18n,
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
