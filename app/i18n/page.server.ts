import { type Locale, localeFromPath } from "./locale";
import { bundle, type Translator, translator } from "./translate.server";

/** The language of a request: its path's (`/sw/…` Kiswahili, `/fr/…` French, else English). */
export function localeOf(request: Request | URL): Locale {
  return localeFromPath((request instanceof URL ? request : new URL(request.url)).pathname);
}

/**
 * What a loader or action needs to speak the page's language: the locale, a translator for
 * what the server formats (plurals, meta, toasts) and the resolved messages its components use
 * (a loader returns them as `i18n`).
 */
export function pageI18n(
  request: Request | URL,
  prefixes: readonly string[] = [],
): { locale: Locale; t: Translator; i18n: ReturnType<typeof bundle> } {
  const locale = localeOf(request);
  return { locale, t: translator(locale), i18n: bundle(locale, prefixes) };
}
