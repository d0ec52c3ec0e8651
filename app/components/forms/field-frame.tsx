import type { InputEvent, ReactNode } from "react";
import type { FieldErrors } from "./field-errors";
import { useFieldId } from "./field-id";
import { useEditClearsErrors } from "./use-edit-clears-errors";

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
 * Wiring shared by every text control: an id (the error summary's target while the server's
 * answer names `name`), the server errors (hidden once edited, with JS), and the ARIA
 * attributes linking the control to its hint and errors.
 */
export function useFieldWiring<
  E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
>(
  errors: FieldErrors,
  hint: string | undefined,
  onInput: ((event: InputEvent<E>) => void) | undefined,
  name?: string,
  stableId = false,
) {
  const id = useFieldId(name, errors, stableId);
  const { ref, shown, markEdited } = useEditClearsErrors<E>(errors);
  const invalid = Boolean(shown?.length);
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    shown,
    invalid,
    control: {
      id,
      ref,
      "aria-invalid": invalid || undefined,
      "aria-describedby": describedBy || undefined,
      onInput: (event: InputEvent<E>) => {
        markEdited();
        onInput?.(event);
      },
    },
  };
}

/** Classes of a text control, red-bordered while it shows an error. */
export function controlClasses(invalid: boolean): string {
  return `mt-1 block w-full rounded-lg border px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${
    invalid ? "border-red-500" : "border-slate-300"
  }`;
}

/** Label above, hint and errors below a control. */
export function FieldFrame({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
