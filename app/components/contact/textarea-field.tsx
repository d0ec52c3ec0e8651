import { type TextareaHTMLAttributes, useId, useState } from "react";
import { ErrorList, type FieldErrors } from "~/components/forms/field";

/** Label + textarea + errors, wired like `<Field>` (the error clears once edited with JS). */
export function TextareaField({
  label,
  errors,
  className,
  ...textarea
}: { label: string; errors?: FieldErrors } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const [edited, setEdited] = useState(false);
  const shown = edited ? undefined : errors;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        {...textarea}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? `${id}-error` : undefined}
        onInput={(event) => {
          setEdited(true);
          textarea.onInput?.(event);
        }}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${
          shown?.length ? "border-red-500" : "border-slate-300"
        }`}
      />
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}
