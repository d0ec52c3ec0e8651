import { type InputHTMLAttributes, useId } from "react";
import { useEditClearsErrors } from "./use-edit-clears-errors";

export type FieldErrors = string[] | undefined;

/** A field's error list, announced and linked to its input. */
export function ErrorList({ id, errors }: { id: string; errors: FieldErrors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/**
 * Label + input + hint + errors. The server's errors show under the field; with JS an error
 * clears as soon as the field is edited.
 */
export function Field({
  label,
  errors,
  hint,
  className,
  ...input
}: { label: string; errors?: FieldErrors; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { ref, shown, markEdited } = useEditClearsErrors<HTMLInputElement>(errors);
  const describedBy = [hint ? `${id}-hint` : null, shown?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        {...input}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(event) => {
          markEdited();
          input.onInput?.(event);
        }}
        className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${
          shown?.length ? "border-red-500" : "border-slate-300"
        } ${input.readOnly ? "bg-slate-100" : "bg-white"}`}
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

/** An error about the whole form (auth provider messages, rate limits, backend failures). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {message}
    </p>
  );
}
