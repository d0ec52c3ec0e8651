import { data } from "react-router";
import { stripLocale } from "~/i18n/locale";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { pageContent } from "~/web/page-content.server";
import type { Route } from "./+types/document";

/**
 * /terms and /privacy (and their /sw and /fr pages): the published document in the page's
 * language, its HTML filled in and sanitized (app/domain/site/legal.server.ts). A document that
 * is not published is a 404.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const path =
    stripLocale(url.pathname) === "/privacy" ? ("/privacy" as const) : ("/terms" as const);
  const { locale, i18n } = pageI18n(url, [
    "legal",
    "meta.termsDescription",
    "meta.privacyDescription",
  ]);
  const document = (await pageContent(locale)).legal[path === "/privacy" ? "privacy" : "terms"];
  if (!document) throw data({ path }, { status: 404 });
  return data({ path, document, i18n }, { headers: publicCacheHeaders(request) });
}
