import type { LabelOf } from "~/components/forms/error-summary";
import { fileFieldOf, type KindSpec, PRICE_NAMES } from "~/domain/site/editor/fields";
import { isLocale, LOCALE_NAMES } from "~/i18n/locale";
import type { Translate } from "~/i18n/use-t";

const PRICE_LABELS = {
  [PRICE_NAMES.min]: "siteEditor.fields.priceMin",
  [PRICE_NAMES.max]: "siteEditor.fields.priceMax",
  [PRICE_NAMES.unit]: "siteEditor.fields.priceUnit",
} as const;

const PART_LABELS = {
  title: "siteEditor.fields.stepTitle",
  description: "siteEditor.fields.stepDescription",
  network: "siteEditor.fields.network",
  url: "siteEditor.fields.url",
  address: "siteEditor.fields.streetAddress",
} as const;

/** `features[2].title.fr`, `cities[0].address` → field, row, part and language. */
const NAME =
  /^([A-Za-z0-9_]+)(?:\[(\d{1,3})\])?(?:\.(title|description|network|url|address))?(?:\.(\w\w))?$/;

/**
 * The words of an editor field's name for the error summary, from the kind's descriptor:
 * `title.en` → "Title (English)", `features[2].fr` → "Features, Row 3 (Français)",
 * `price_min` → "Price, Lowest price (Ksh)". Undefined for a name the kind does not have.
 */
export function siteFieldLabels(kind: KindSpec, t: Translate): LabelOf {
  return (name) => {
    if (name in PRICE_LABELS) {
      const price = kind.fields.find((field) => field.type === "price");
      const part = t(PRICE_LABELS[name as keyof typeof PRICE_LABELS]);
      return price ? `${t(price.label)}, ${part}` : part;
    }
    const [, base = "", row, part, lang] = NAME.exec(name) ?? [];
    const field = kind.fields.find((f) => f.name === base || fileFieldOf(f.name) === base);
    if (!field) return undefined;
    const words = [t(field.label)];
    if (row !== undefined) words.push(t("siteEditor.form.row", { n: Number(row) + 1 }));
    if (part) words.push(t(PART_LABELS[part as keyof typeof PART_LABELS]));
    const label = words.join(", ");
    return lang && isLocale(lang) ? `${label} (${LOCALE_NAMES[lang]})` : label;
  };
}
