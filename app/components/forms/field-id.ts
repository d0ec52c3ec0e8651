import { useId } from "react";
import type { FieldErrors } from "./field-errors";

/**
 * The id of the control named `name` while the server's answer holds errors for it: the error
 * summary links to `#field-<name>` (app/components/forms/error-summary.tsx). Characters an id
 * fragment would need escaped become "-" (`title.en` → `field-title-en`).
 */
export function fieldIdOf(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/**
 * A control's id: `fieldIdOf(name)` while it has the server's errors (the summary's links reach
 * it, with or without JS), else a generated one — so the many small forms of a page (a form
 * per row) never share an id. `stable`: always `fieldIdOf(name)` (a link reaches it at any time:
 * an editor's "Skip to the form").
 */
export function useFieldId(name: string | undefined, errors: FieldErrors, stable = false): string {
  const generated = useId();
  return name && (stable || errors?.length) ? fieldIdOf(name) : generated;
}
