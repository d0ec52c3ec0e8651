import type { InputHTMLAttributes } from "react";
import type { FieldErrors } from "./field-errors";
import { controlClasses, FieldFrame, useFieldWiring } from "./field-frame";

export type { FieldErrors } from "./field-errors";
export { ErrorList } from "./field-frame";

/**
 * Label + input + hint + errors. The server's errors show under the field; with JS an error
 * clears as soon as the field is edited.
 */
export function Field({
  label,
  errors,
  hint,
  className,
  onInput,
  stableId,
  ...input
}: {
  label: string;
  errors?: FieldErrors;
  hint?: string;
  /** Its id is always `fieldIdOf(name)` (field-id.ts): a link reaches it at any time. */
  stableId?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const { id, shown, invalid, control } = useFieldWiring<HTMLInputElement>(
    errors,
    hint,
    onInput,
    input.name,
    stableId,
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={shown} className={className}>
      <input
        {...input}
        {...control}
        className={`${controlClasses(invalid)} ${input.readOnly ? "bg-slate-100" : "bg-white"}`}
      />
    </FieldFrame>
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
