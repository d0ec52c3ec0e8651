import { useId } from "react";
import { useActionData, useRouteLoaderData } from "react-router";
import { LOCALE_NAMES, LOCALES } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import type { FormReply } from "~/lib/form-reply";

export interface TranslationChoiceView {
  id: number;
  title: string;
  lang: string;
}

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/**
 * The post's language and the original it translates (blog per language): /sw/blog lists the
 * Kiswahili posts and the English ones without a Kiswahili translation. Languages are named in
 * their own language (as the language switcher does).
 */
export function PostLanguageFields() {
  const id = useId();
  const t = useT();
  const { choices, lang, translationOf } = useLanguageDefaults();
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-lang`} className="block text-sm font-medium text-slate-800">
          {t("postEditor.fields.language")}
        </label>
        <select id={`${id}-lang`} name="lang" defaultValue={lang} className={selectClass}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-of`} className="block text-sm font-medium text-slate-800">
          {t("postEditor.fields.translationOf")}
        </label>
        <select
          id={`${id}-of`}
          name="translation_of"
          defaultValue={translationOf}
          className={selectClass}
        >
          <option value="">{t("postEditor.fields.original")}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.title} ({LOCALE_NAMES[c.lang as keyof typeof LOCALE_NAMES] ?? c.lang})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type EditorData = {
  translationChoices?: TranslationChoiceView[];
  post?: { lang?: string; translation_of?: number | null };
};

/**
 * The editor route's list of originals, and the fields' starting values: what was just typed
 * (the action's echo), else the stored post, else English and no original.
 */
function useLanguageDefaults() {
  const edit = useRouteLoaderData("routes/admin/post-edit") as EditorData | undefined;
  const create = useRouteLoaderData("routes/admin/post-new") as EditorData | undefined;
  const typed = useActionData<FormReply>()?.result?.initialValue;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const stored = edit?.post;
  return {
    choices: edit?.translationChoices ?? create?.translationChoices ?? [],
    lang: text(typed?.lang) ?? stored?.lang ?? "en",
    translationOf:
      text(typed?.translation_of) ?? (stored?.translation_of ? String(stored.translation_of) : ""),
  };
}
