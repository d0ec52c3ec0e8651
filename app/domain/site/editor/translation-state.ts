import { LOCALES, type Locale } from "~/i18n/locale";
import { type Draft, draftFromRow, type LangText, type StepDraft } from "./draft";
import { type KindSpec, TRANSLATED_TYPES } from "./fields";

/**
 * How far an item is translated: the languages in which every one of its texts has its own
 * words (English always; a missing Kiswahili or French text shows visitors the English one).
 */
export interface TranslationState {
  done: Locale[];
  missing: Locale[];
}

function textsOf(kind: KindSpec, draft: Draft): LangText[] {
  return kind.fields
    .filter((field) => TRANSLATED_TYPES.includes(field.type))
    .flatMap((field) => {
      const value = draft[field.name];
      if (field.type === "processSteps") {
        return (value as StepDraft[]).flatMap((step) => [step.title, step.description]);
      }
      return Array.isArray(value) ? (value as LangText[]) : [value as LangText];
    })
    .filter((text) => text.en.trim() !== "");
}

export function translationState(kind: KindSpec, row: Record<string, unknown>): TranslationState {
  const texts = textsOf(kind, draftFromRow(kind, row));
  const done = LOCALES.filter((lang) => texts.every((text) => text[lang].trim() !== ""));
  return { done, missing: LOCALES.filter((lang) => !done.includes(lang)) };
}
