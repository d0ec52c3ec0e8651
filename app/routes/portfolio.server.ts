import { data } from "react-router";
import { portfolioCategoryBySlug, portfolioProjects } from "~/content/portfolio";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { requireUser } from "~/infra/session.server";
import type { Route } from "./+types/portfolio";

/** Signed-in only. ?category= filters the projects; ?project= opens one's details (no JS). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser({ request, context });
  const category = portfolioCategoryBySlug(url.searchParams.get("category"));
  const projectSlug = url.searchParams.get("project");
  return data(
    {
      category: category?.slug ?? null,
      selected: portfolioProjects.find((p) => p.slug === projectSlug)?.slug ?? null,
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
