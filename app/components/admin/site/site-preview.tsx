import type { ReactNode } from "react";
import type { SitePreview } from "~/domain/site/editor/preview.server";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import { TranslateContext, translatorFrom, useT } from "~/i18n/use-t";
import { PreviewPage } from "./site-preview-pages";

/** The page's own messages in `lang`, for the public components inside. */
function InLanguage({
  preview,
  lang,
  children,
}: {
  preview: SitePreview;
  lang: Locale;
  children: ReactNode;
}) {
  const t = translatorFrom([
    { id: "root", loaderData: { locale: lang, i18n: preview.messages[lang] } },
  ]);
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}

/**
 * The typed values as the public page will show them, in English, Kiswahili and French (each
 * language one after the other, with links to jump between them; nothing is saved).
 */
export function SitePreviewPanels({ preview }: { preview: SitePreview }) {
  const t = useT();
  const labels = {
    card: t("siteEditor.preview.card"),
    page: t("siteEditor.preview.page"),
    projectCard: t("siteEditor.preview.projectCard"),
    projectPage: t("siteEditor.preview.projectPage"),
    lang: t.locale,
  };
  return (
    <section id="preview" aria-labelledby="preview-heading" className="mt-12 space-y-6">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 id="preview-heading" className="text-xl font-bold text-slate-900">
          {t("siteEditor.preview.title")}
        </h2>
        <p className="mt-1 text-slate-800">{t("siteEditor.preview.intro")}</p>
        <nav aria-label={t("siteEditor.preview.languages")} className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {LOCALES.map((lang) => (
              <li key={lang}>
                <a
                  href={`#preview-${lang}`}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800"
                >
                  {LOCALE_NAMES[lang]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {LOCALES.map((lang) => (
        <section
          key={lang}
          id={`preview-${lang}`}
          aria-label={t("siteEditor.preview.inLanguage", { language: LOCALE_NAMES[lang] })}
          data-testid={`preview-${lang}`}
          className="overflow-hidden rounded-lg border-2 border-dashed border-slate-300 bg-white"
        >
          <p className="bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-700">
            {t("siteEditor.preview.inLanguage", { language: LOCALE_NAMES[lang] })}
          </p>
          <div lang={lang}>
            <InLanguage preview={preview} lang={lang}>
              <PreviewPage preview={preview} lang={lang} labels={labels} />
            </InLanguage>
          </div>
        </section>
      ))}
    </section>
  );
}
