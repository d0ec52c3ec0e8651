import { type TextareaHTMLAttributes, useId, useState } from "react";
import { ErrorList, type FieldErrors } from "~/components/forms/field";

/** Label + textarea + hint + errors, wired like `<Field>` (an error clears once edited). */
export function TextAreaField({
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
  const [edited, setEdited] = useState(false);
  const shown = edited ? undefined : errors;
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
        {...textarea}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(event) => {
          setEdited(true);
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

/** A labelled checkbox with a hint (the post's Published switch). */
export function CheckboxField({
  label,
  hint,
  name,
  defaultChecked,
}: {
  label: string;
  hint?: string;
  name: string;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-5 rounded border-slate-400 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
