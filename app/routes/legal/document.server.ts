import { data } from "react-router";
import { legalIn } from "~/content/localized.server";
import { stripLocale } from "~/i18n/locale";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/document";

/** /terms and /privacy (and their /sw and /fr pages): the document in the page's language. */
export function loader({ request, url }: Route.LoaderArgs) {
  const path =
    stripLocale(url.pathname) === "/privacy" ? ("/privacy" as const) : ("/terms" as const);
  const { locale, i18n } = pageI18n(url, [
    "legal",
    "footer.terms",
    "footer.privacy",
    "meta.termsDescription",
    "meta.privacyDescription",
  ]);
  return data(
    { path, sections: legalIn(locale, path), i18n },
    { headers: publicCacheHeaders(request) },
  );
}
