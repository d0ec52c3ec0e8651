import { type TextareaHTMLAttributes, useId } from "react";
import { ErrorList, type FieldErrors } from "./field";
import { useEditClearsErrors } from "./use-edit-clears-errors";

/** Label + textarea + hint + errors, wired like `<Field>` (an error clears once edited). */
export function TextareaField({
  label,
  errors,
  hint,
  className,
  inputClassName = "",
  ...textarea
}: {
  label: string;
  errors?: FieldErrors;
  hint?: string;
  /** Extra classes of the textarea itself (`className` styles the wrapper). */
  inputClassName?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const { ref, shown, markEdited } = useEditClearsErrors<HTMLTextAreaElement>(errors);
  const describedBy = [hint ? `${id}-hint` : null, shown?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        {...textarea}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(event) => {
          markEdited();
          textarea.onInput?.(event);
        }}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${
          shown?.length ? "border-red-500" : "border-slate-300"
        } ${inputClassName}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}
