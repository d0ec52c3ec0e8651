import type { LanguageSuggestion } from "~/root.server";

/**
 * On a first visit to `/` from a browser that prefers Kiswahili or French (and no `lang`
 * cookie yet): a small banner in that language. Both choices are plain links that remember the
 * answer, so it shows once and needs no JavaScript; nothing redirects on its own.
 */
export function LanguageSuggestionBanner({ suggestion }: { suggestion: LanguageSuggestion }) {
  const link = "rounded px-2 py-1 font-semibold underline underline-offset-2 hover:bg-brand-100";
  return (
    <aside
      lang={suggestion.locale}
      aria-label={suggestion.label}
      className="mt-16 border-b border-brand-200 bg-brand-50 text-brand-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm sm:px-6">
        <p className="flex-1 font-medium">{suggestion.text}</p>
        <a href={suggestion.switchHref} hrefLang={suggestion.locale} className={link}>
          {suggestion.switchLabel}
        </a>
        <a href={suggestion.dismissHref} hrefLang="en" className={link}>
          {suggestion.dismissLabel}
        </a>
      </div>
    </aside>
  );
}
