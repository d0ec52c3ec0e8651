import type { TextareaHTMLAttributes } from "react";
import type { FieldErrors } from "./field-errors";
import { controlClasses, FieldFrame, useFieldWiring } from "./field-frame";

/** Label + textarea + hint + errors, wired like `<Field>` (an error clears once edited). */
export function TextareaField({
  label,
  errors,
  hint,
  className,
  inputClassName = "",
  onInput,
  ...textarea
}: {
  label: string;
  errors?: FieldErrors;
  hint?: string;
  /** Extra classes of the textarea itself (`className` styles the wrapper). */
  inputClassName?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, shown, invalid, control } = useFieldWiring<HTMLTextAreaElement>(
    errors,
    hint,
    onInput,
    textarea.name,
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={shown} className={className}>
      <textarea
        {...textarea}
        {...control}
        className={`${controlClasses(invalid)} bg-white ${inputClassName}`}
      />
    </FieldFrame>
  );
}
