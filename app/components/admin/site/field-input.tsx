import type { ReactNode } from "react";
import { Field } from "~/components/forms/field";
import { fieldIdOf } from "~/components/forms/field-id";
import { SelectField } from "~/components/forms/select-field";
import { SvgIcon } from "~/components/icons";
import type { Draft, LangText, PriceDraft } from "~/domain/site/editor/draft";
import { type FieldSpec, fileFieldOf, ROW_TYPES } from "~/domain/site/editor/fields";
import type { Locale } from "~/i18n/locale";
import type { MessageBundle, MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { CheckboxField } from "../checkbox-field";
import { ImageField, type PickableImage } from "./image-field";
import { type ErrorsOf, LangInputs } from "./lang-inputs";
import { PriceField } from "./price-field";
import { RowsField } from "./rows-field";

export interface FormChoices {
  images: PickableImage[];
  categories: { id: string; label: string }[];
  prices: Record<Locale, string> | null;
  /** The price line's messages in each language (kinds with a price). */
  priceWords?: Record<Locale, MessageBundle> | null;
}

/** The icons of a service as radio buttons showing each icon (no JS needed). */
function IconChoice({
  field,
  value,
  errors,
}: {
  field: FieldSpec;
  value: string;
  errors?: string[];
}) {
  const t = useT();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{t(field.label)}</legend>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
        {(field.options ?? []).map((icon, index) => (
          <li key={icon}>
            <label className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 bg-white p-2 text-xs text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/40">
              <SvgIcon name={icon as "globe"} width={24} height={24} />
              <span className="flex items-center gap-1">
                <input
                  id={errors && index === 0 ? fieldIdOf(field.name) : undefined}
                  type="radio"
                  name={field.name}
                  value={icon}
                  defaultChecked={icon === value}
                  className="size-3.5 accent-brand-700"
                />
                {t(`siteEditor.icons.${icon}` as MessageKey)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {errors ? <p className="mt-1 text-sm text-red-700">{errors.join(" ")}</p> : null}
    </fieldset>
  );
}

/** The input type of the fields shown as one plain input (others are "text"). */
const INPUT_TYPES: Partial<Record<FieldSpec["type"], string>> = {
  email: "email",
  date: "date",
  phone: "tel",
};

/** One field of an editor form, by its type. */
export function FieldInput({
  field,
  draft,
  errorsOf,
  choices,
  focus,
  fold,
  crop,
  first = false,
}: {
  /** The form's first field: its control keeps a stable id ("Skip to the form" reaches it). */
  first?: boolean;
  field: FieldSpec;
  draft: Draft;
  errorsOf: ErrorsOf;
  choices: FormChoices;
  /** The control the answer focuses (after a Remove without JS). */
  focus?: string;
  /** A list field folded into a section (RowsField). */
  fold?: { open: boolean; onToggle: (open: boolean) => void };
  /** An image's crop control, shown under its preview (ImageField). */
  crop?: ReactNode;
}) {
  const t = useT();
  const label = t(field.label);
  const hint = field.hint ? t(field.hint) : undefined;
  const value = draft[field.name];
  const text = typeof value === "string" ? value : "";
  const errors = errorsOf(field.name);
  const max = field.max ?? 256;
  if (ROW_TYPES.includes(field.type)) {
    return (
      <RowsField
        field={field}
        label={label}
        rows={value as never[]}
        errorsOf={errorsOf}
        focus={focus}
        fold={fold}
      />
    );
  }
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml": {
      const shape =
        field.type === "translated" ? "line" : field.type === "translatedLong" ? "long" : "html";
      return (
        <LangInputs
          base={field.name}
          label={label}
          hint={hint}
          value={value as LangText}
          shape={shape}
          max={max}
          errorsOf={errorsOf}
          stableId={first}
        />
      );
    }
    case "price":
      return (
        <PriceField
          label={label}
          value={value as PriceDraft}
          prices={choices.prices}
          words={choices.priceWords ?? null}
          errorsOf={errorsOf}
        />
      );
    case "image":
      return (
        <ImageField
          name={field.name}
          label={label}
          value={text}
          images={choices.images}
          optional={field.optional === true}
          errors={errors}
          fileErrors={errorsOf(fileFieldOf(field.name))}
          focus={
            field.focusField
              ? { name: field.focusField, value: String(draft[field.focusField] ?? "") }
              : undefined
          }
          crop={crop}
        />
      );
    case "boolean":
      return (
        <CheckboxField
          label={label}
          hint={hint}
          name={field.name}
          defaultChecked={value === true}
        />
      );
    case "select":
      if (field.optionLabels === "siteEditor.icons") {
        return <IconChoice field={field} value={text} errors={errors} />;
      }
      return (
        <SelectField
          label={label}
          hint={hint}
          stableId={first}
          name={field.name}
          defaultValue={text}
          errors={errors}
          options={(field.options ?? []).map((option) => ({
            value: option,
            label: t(`${field.optionLabels}.${option}` as MessageKey),
          }))}
        />
      );
    case "category":
      return (
        <SelectField
          label={label}
          stableId={first}
          name={field.name}
          defaultValue={text}
          errors={errors}
          options={[
            { value: "", label: t("siteEditor.form.chooseCategory") },
            ...choices.categories.map((c) => ({ value: c.id, label: c.label })),
          ]}
        />
      );
    case "number": {
      const [lo, hi] = field.range ?? [1, 5];
      return (
        <SelectField
          label={label}
          stableId={first}
          name={field.name}
          defaultValue={text}
          errors={errors}
          options={Array.from({ length: hi - lo + 1 }, (_, i) => ({
            value: String(hi - i),
            label: String(hi - i),
          }))}
        />
      );
    }
    default:
      return (
        <Field
          label={label}
          hint={hint}
          stableId={first}
          name={field.name}
          defaultValue={text}
          errors={errors}
          // A date input has no length (HTML allows maxlength only on text-like inputs).
          maxLength={field.type === "date" ? undefined : max}
          type={INPUT_TYPES[field.type] ?? "text"}
          autoCapitalize={field.type === "slug" ? "none" : undefined}
          spellCheck={field.type === "slug" ? false : undefined}
        />
      );
  }
}
