import type { SelectHTMLAttributes } from "react";
import type { FieldErrors } from "./field-errors";
import { controlClasses, FieldFrame, useFieldWiring } from "./field-frame";

/** Label + select + hint + errors, wired like `<Field>` (an error clears once changed). */
export function SelectField({
  label,
  errors,
  hint,
  className,
  options,
  onInput,
  stableId,
  ...select
}: {
  label: string;
  /** Its id is always `fieldIdOf(name)` (field-id.ts): a link reaches it at any time. */
  stableId?: boolean;
  errors?: FieldErrors;
  hint?: string;
  /** `lang`: an option's label is in another language than the page's (an untranslated one). */
  options: { value: string; label: string; lang?: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, shown, invalid, control } = useFieldWiring<HTMLSelectElement>(
    errors,
    hint,
    onInput,
    select.name,
    stableId,
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={shown} className={className}>
      <select {...select} {...control} className={`${controlClasses(invalid)} bg-white`}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
