import { redirect } from "react-router";
import { DEFAULT_LOCALE, isLocale, stripLocale } from "~/i18n/locale";
import { cacheHeaders } from "~/infra/cache-policy";
import { languageCookie } from "~/infra/cookies.server";
import { safeLocalizedPath, safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/language";

/** The admin area has one address per page in every language: its language is the cookie's. */
const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;

/**
 * GET /language?lang=sw&to=/sw/services/web-development — the switcher's and the suggestion
 * banner's plain links (no JS needed): remembers the choice in the `lang` cookie, then goes to
 * the same page in that language. Pages themselves never set it, so they stay cacheable. An
 * admin page (`/admin/…`, or the `/sw/admin/…` the switcher makes of it) stays where it is and
 * shows its editors in the chosen language.
 */
export function loader({ url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("lang");
  const lang = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const wanted = safeRedirectPath(url.searchParams.get("to"), "/");
  const bare = stripLocale(wanted);
  const to = ADMIN_PATH.test(bare)
    ? safeRedirectPath(bare, "/admin")
    : safeLocalizedPath(url.searchParams.get("to"), lang);
  return redirect(to, {
    headers: { "Set-Cookie": languageCookie(lang), ...cacheHeaders("private") },
  });
}
