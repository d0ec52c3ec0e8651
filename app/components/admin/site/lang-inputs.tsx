import { type InputEvent, useId } from "react";
import { controlClasses, ErrorList, useFieldWiring } from "~/components/forms/field-frame";
import type { LangText } from "~/domain/site/editor/draft";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";

export type ErrorsOf = (name: string) => string[] | undefined;

/** How a translated text is typed: one line, a paragraph, or HTML. */
export type TextShape = "line" | "long" | "html";

/**
 * One language's input of a translated text. Kiswahili and French show the English text as
 * their placeholder and, while empty, "Not translated — visitors see the English text" (pure
 * CSS: the note follows the input's placeholder being shown, so it works without JS).
 */
function LangInput({
  lang,
  name,
  value,
  english,
  label,
  shape,
  max,
  errors,
  stableId,
}: {
  stableId?: boolean;
  lang: Locale;
  name: string;
  value: string;
  english: string;
  label: string;
  shape: TextShape;
  max: number;
  errors: string[] | undefined;
}) {
  const t = useT();
  const { id, shown, invalid, control } = useFieldWiring<HTMLInputElement & HTMLTextAreaElement>(
    errors,
    undefined,
    undefined as ((event: InputEvent<HTMLInputElement & HTMLTextAreaElement>) => void) | undefined,
    name,
    stableId,
  );
  const noteId = `${id}-note`;
  const translation = lang !== "en";
  const props = {
    ...control,
    name,
    defaultValue: value,
    maxLength: shape === "html" ? max * 2 : max,
    placeholder: translation ? english || " " : undefined,
    "aria-describedby":
      [control["aria-describedby"], translation && !value ? noteId : null]
        .filter(Boolean)
        .join(" ") || undefined,
    className: `peer ${controlClasses(invalid)} bg-white ${shape === "html" ? "font-mono text-sm" : ""}`,
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        <span className="sr-only">{label} — </span>
        {LOCALE_NAMES[lang]}
      </label>
      {shape === "line" ? (
        <input {...props} type="text" lang={lang} />
      ) : (
        <textarea {...props} lang={lang} rows={shape === "html" ? 14 : max > 400 ? 8 : 4} />
      )}
      {translation ? (
        <p id={noteId} className="mt-1 hidden text-sm text-amber-800 peer-placeholder-shown:block">
          {t("siteEditor.form.notTranslated")}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}

/**
 * A translated text: English, Kiswahili and French together — stacked on a phone, side by
 * side on a wide screen (HTML always stacked: it needs the width).
 */
export function LangInputs({
  base,
  label,
  hint,
  value,
  shape,
  max,
  errorsOf,
  legend = true,
  stableId = false,
}: {
  /** The English input's id is always `fieldIdOf(name)` (the target of "Skip to the form"). */
  stableId?: boolean;
  /** The form name before `.en` / `.sw` / `.fr`. */
  base: string;
  label: string;
  hint?: string;
  value: LangText;
  shape: TextShape;
  max: number;
  errorsOf: ErrorsOf;
  /** A fieldset with its own legend (false inside a row that has one). */
  legend?: boolean;
}) {
  const hintId = useId();
  const grid = shape === "html" ? "grid gap-4" : "grid gap-4 lg:grid-cols-3";
  const inputs = (
    <div className={grid}>
      {LOCALES.map((lang) => (
        <LangInput
          key={lang}
          lang={lang}
          name={`${base}.${lang}`}
          value={value[lang]}
          english={value.en}
          label={label}
          shape={shape}
          max={max}
          errors={errorsOf(`${base}.${lang}`)}
          stableId={stableId && lang === "en"}
        />
      ))}
    </div>
  );
  if (!legend) return inputs;
  return (
    <fieldset className="min-w-0" aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {inputs}
    </fieldset>
  );
}
