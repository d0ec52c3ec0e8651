/**
 * The home page's language suggestion: which visitors get it decides which answers of `/` are
 * personal (app/infra/cache-policy.ts). `server/` imports this file directly, so it imports only
 * dependency-free modules, by relative paths.
 */
import { preferredLocale } from "../i18n/locale.ts";
import { hasLanguageCookie } from "./cookie-names.ts";

/**
 * The language the home page suggests to this visitor, or null: only `/`, only a visitor who
 * has not chosen a language (no `lang` cookie) and whose browser prefers Kiswahili or French.
 * Such an answer is personal (never cached, see `isAnonymousRead` callers); every other visitor
 * of `/` shares the one cached page, whose language comes from its path alone.
 */
export function suggestedLanguage(
  path: string,
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): "sw" | "fr" | null {
  if (path !== "/" || hasLanguageCookie(cookie)) return null;
  const preferred = preferredLocale(acceptLanguage);
  return preferred === "sw" || preferred === "fr" ? preferred : null;
}

/** `suggestedLanguage` of a fetch Request. */
export function languageSuggestionOf(request: Request): "sw" | "fr" | null {
  return suggestedLanguage(
    new URL(request.url).pathname,
    request.headers.get("Cookie"),
    request.headers.get("Accept-Language"),
  );
}
