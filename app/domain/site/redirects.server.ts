/**
 * Where a service's or project's old slug leads (content_redirects): to the item's current
 * slug (301), nowhere because the item was deleted (410), or — for a slug never used, or an
 * item now hidden — nothing known (404).
 */
import type { Translator } from "~/i18n/translate.server";
import type { SiteRows } from "./rows.server";

export type SlugFate = { moved: string } | { gone: true } | undefined;

export interface SlugRedirects {
  services: ReadonlyMap<string, SlugFate>;
  projects: ReadonlyMap<string, SlugFate>;
}

function fates(
  rows: SiteRows,
  entity: "services" | "portfolio_projects",
  items: readonly { id: number; slug: string }[],
): ReadonlyMap<string, SlugFate> {
  const slugById = new Map(items.map((item) => [item.id, item.slug]));
  const map = new Map<string, SlugFate>();
  for (const redirect of rows.redirects) {
    if (redirect.entity !== entity) continue;
    if (redirect.target_id === null) {
      map.set(redirect.old_slug, { gone: true });
      continue;
    }
    const slug = slugById.get(redirect.target_id);
    if (slug && slug !== redirect.old_slug) map.set(redirect.old_slug, { moved: slug });
  }
  return map;
}

export function slugRedirectsOf(rows: SiteRows): SlugRedirects {
  return {
    services: fates(rows, "services", rows.services),
    projects: fates(rows, "portfolio_projects", rows.projects),
  };
}

/** What a gone page tells the visitor (app/root.tsx renders it), in the page's language. */
export interface GonePage {
  title: string;
  message: string;
  link: { to: string; label: string };
}

/**
 * What the URL of a deleted item answers with 410 Gone: a page saying so, with a link to the
 * list it was in (`listing`, e.g. /services) in the page's language.
 */
export function gonePage(t: Translator, listing: string): GonePage {
  return {
    title: t("siteContent.gone.title"),
    message: t("siteContent.gone.text"),
    link: { to: t.path(listing), label: t("siteContent.gone.link") },
  };
}
