import type { Locale } from "~/i18n/locale";
import { type SiteSnapshot, siteSnapshot } from "./snapshot.server";

/**
 * The English name of the service a contact message asked about, for the agency (its inbox and
 * mails): the service's title now, also when the message kept a slug it had before; the slug
 * itself for a service that is gone or hidden (or when the site's content is unavailable).
 */
export function serviceTitleIn(snapshot: SiteSnapshot | undefined, slug: string): string {
  if (!snapshot) return slug;
  const { services } = snapshot.in("en");
  const fate = snapshot.redirects.services.get(slug);
  const current = fate && "moved" in fate ? fate.moved : slug;
  return services.find((service) => service.id === current)?.title ?? slug;
}

/**
 * Every service's name in `locale` by its slug, old slugs included (a quote asked for before a
 * rename): the names analytics gives the quote requests. Empty when the content is unavailable.
 */
export async function serviceNamesIn(locale: Locale): Promise<Record<string, string>> {
  const snapshot = await siteSnapshot().catch(() => undefined);
  if (!snapshot) return {};
  const names: Record<string, string> = {};
  for (const service of snapshot.in(locale).services) names[service.id] = service.title;
  for (const [slug, fate] of snapshot.redirects.services) {
    const current = fate && "moved" in fate ? names[fate.moved] : undefined;
    if (current && !(slug in names)) names[slug] = current;
  }
  return names;
}

/** `serviceTitleIn` with the current snapshot, read once for a list of rows. */
export async function serviceTitles(): Promise<(slug: string | null) => string | null> {
  const snapshot = await siteSnapshot().catch(() => undefined);
  return (slug) => (slug ? serviceTitleIn(snapshot, slug) : null);
}
