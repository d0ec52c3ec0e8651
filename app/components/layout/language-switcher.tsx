import { useLocation } from "react-router";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import { useAlternates, useT } from "~/i18n/use-t";
import { portableSearch } from "~/lib/page-query";

/** The link that remembers `lang` and opens the same page in it (`/language`, no JS needed). */
export function languageHref(lang: Locale, to: string): string {
  return `/language?${new URLSearchParams({ lang, to })}`;
}

const SHORT: Record<Locale, string> = { en: "EN", sw: "SW", fr: "FR" };

/**
 * The three languages as plain links to the same page (its alternates), each named in its own
 * language (`lang`), the current one marked. `compact` shows codes (header), otherwise names.
 */
export function LanguageSwitcher({
  compact = false,
  className = "",
  linkClassName = "",
}: {
  compact?: boolean;
  className?: string;
  linkClassName?: string;
}) {
  const t = useT();
  const alternates = useAlternates();
  // A cached page's links may carry only the parameters its cache key keeps.
  const { pathname, search: raw } = useLocation();
  const search = portableSearch(pathname, raw);
  return (
    <nav aria-label={t("language.switcher")} className={className}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((lang) => {
          const name = compact ? (
            <>
              <span aria-hidden="true">{SHORT[lang]}</span>
              <span className="sr-only">{LOCALE_NAMES[lang]}</span>
            </>
          ) : (
            LOCALE_NAMES[lang]
          );
          return (
            <li key={lang} lang={lang}>
              {lang === t.locale ? (
                <span aria-current="true" className={`${linkClassName} font-semibold underline`}>
                  {name}
                </span>
              ) : (
                <a
                  href={languageHref(lang, `${alternates[lang]}${search}`)}
                  hrefLang={lang}
                  rel="nofollow"
                  className={linkClassName}
                >
                  {name}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
