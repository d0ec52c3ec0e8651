import { data } from "react-router";
import type { SiteContent } from "~/domain/site/content.server";
import { type SiteSnapshot, siteSnapshot } from "~/domain/site/snapshot.server";
import type { Locale } from "~/i18n/locale";

/**
 * The site's content as a page's loader reads it (app/domain/site/snapshot.server.ts), or a 503
 * (the status page says the site is temporarily unavailable) when the site never could read any.
 */
export async function pageSnapshot(): Promise<SiteSnapshot> {
  try {
    return await siteSnapshot();
  } catch (error) {
    console.error("site content unavailable", error);
    throw data(null, { status: 503 });
  }
}

/** The content a page needs in `locale`, or a 503 (see `pageSnapshot`). */
export async function pageContent(locale: Locale): Promise<SiteContent> {
  return (await pageSnapshot()).in(locale);
}
