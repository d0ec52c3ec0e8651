import { redirect } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locale";
import { languageCookie } from "~/infra/cookies.server";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { safeLocalizedPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/language";

/**
 * GET /language?lang=sw&to=/sw/services/web-development — the switcher's and the suggestion
 * banner's plain links (no JS needed): remembers the choice in the `lang` cookie, then goes to
 * the same page in that language. Pages themselves never set it, so they stay cacheable.
 */
export function loader({ url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("lang");
  const lang = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const to = safeLocalizedPath(url.searchParams.get("to"), lang);
  return redirect(to, {
    headers: { "Set-Cookie": languageCookie(lang), "Cache-Control": PRIVATE_NO_STORE },
  });
}
