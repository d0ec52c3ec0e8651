import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import type { PriceDraft } from "~/domain/site/editor/draft";
import { PRICE_NAMES, PRICE_UNITS } from "~/domain/site/editor/fields";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import type { ErrorsOf } from "./lang-inputs";

/**
 * A service's price: the lowest and (optionally) highest amount in shillings and what it is
 * per, with the price as visitors read it in each language (formatted on the server).
 */
export function PriceField({
  label,
  value,
  prices,
  errorsOf,
}: {
  label: string;
  value: PriceDraft;
  prices: Record<Locale, string> | null;
  errorsOf: ErrorsOf;
}) {
  const t = useT();
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4">
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
      {prices ? (
        <div className="mt-4 text-sm text-slate-700">
          <p className="font-medium">{t("siteEditor.form.priceShown")}</p>
          <ul className="mt-1 space-y-0.5" data-testid="price-shown">
            {LOCALES.map((lang) => (
              <li key={lang}>
                {LOCALE_NAMES[lang]}: <span lang={lang}>{prices[lang]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
