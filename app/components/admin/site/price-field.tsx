import { type FormEvent, useState } from "react";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import type { PriceDraft } from "~/domain/site/editor/draft";
import { PRICE_NAMES, PRICE_UNITS } from "~/domain/site/editor/fields";
import { priceLine, typedPrice } from "~/domain/site/price-text";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import type { MessageBundle } from "~/i18n/messages";
import { translatorFrom, useT } from "~/i18n/use-t";
import type { ErrorsOf } from "./lang-inputs";

/** The price line of the typed amounts in each language; null while they are no price. */
function typedLines(
  fieldset: HTMLFieldSetElement,
  words: Record<Locale, MessageBundle>,
): Record<Locale, string> | null {
  const typedIn = (name: string) => {
    const control = fieldset.elements.namedItem(name);
    return control instanceof HTMLInputElement || control instanceof HTMLSelectElement
      ? control.value
      : "";
  };
  const price = typedPrice({
    min: typedIn(PRICE_NAMES.min),
    max: typedIn(PRICE_NAMES.max),
    unit: typedIn(PRICE_NAMES.unit),
  });
  if (!price) return null;
  const line = (lang: Locale) => {
    const t = translatorFrom([{ id: "root", loaderData: { locale: lang, i18n: words[lang] } }]);
    return priceLine(price, lang, (key, values) => t(key, values));
  };
  return Object.fromEntries(LOCALES.map((lang) => [lang, line(lang)])) as Record<Locale, string>;
}

/**
 * A service's price: the lowest and (optionally) highest amount in shillings and what it is
 * per, with the price as visitors read it in each language — the server's (the stored price,
 * or the posted one after Preview), and with JS the typed one as it is typed (`words`: the
 * price line's messages in each language).
 */
export function PriceField({
  label,
  value,
  prices,
  words,
  errorsOf,
}: {
  label: string;
  value: PriceDraft;
  prices: Record<Locale, string> | null;
  words: Record<Locale, MessageBundle> | null;
  errorsOf: ErrorsOf;
}) {
  const t = useT();
  // Undefined until the admin types here: the server's lines stand until then.
  const [typed, setTyped] = useState<Record<Locale, string> | null | undefined>(undefined);
  const shown = typed === undefined ? prices : typed;
  const follow = (event: FormEvent<HTMLFieldSetElement>) => {
    if (words) setTyped(typedLines(event.currentTarget, words));
  };
  return (
    <fieldset
      className="min-w-0 rounded-lg border border-slate-200 p-4"
      onInput={follow}
      onChange={follow}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("siteEditor.fields.priceMin")}
          name={PRICE_NAMES.min}
          defaultValue={value.min}
          inputMode="decimal"
          maxLength={20}
          errors={errorsOf(PRICE_NAMES.min)}
        />
        <Field
          label={t("siteEditor.fields.priceMax")}
          name={PRICE_NAMES.max}
          defaultValue={value.max}
          inputMode="decimal"
          maxLength={20}
          hint={t("siteEditor.hints.priceMax")}
          errors={errorsOf(PRICE_NAMES.max)}
        />
        <SelectField
          label={t("siteEditor.fields.priceUnit")}
          name={PRICE_NAMES.unit}
          defaultValue={value.unit}
          errors={errorsOf(PRICE_NAMES.unit)}
          options={PRICE_UNITS.map((unit) => ({
            value: unit,
            label: t(`siteEditor.units.${unit}`),
          }))}
        />
      </div>
      {shown ? (
        <div className="mt-4 text-sm text-slate-700">
          <p className="font-medium">{t("siteEditor.form.priceShown")}</p>
          <ul className="mt-1 space-y-0.5" data-testid="price-shown">
            {LOCALES.map((lang) => (
              <li key={lang}>
                {LOCALE_NAMES[lang]}: <span lang={lang}>{shown[lang]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
