import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "./field-errors";

/**
 * A field's server errors, hidden once the visitor edits the field (with JS) and shown again
 * when the form is submitted, so the next answer's errors always appear.
 */
export function useEditClearsErrors<
  E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
>(errors: FieldErrors) {
  const ref = useRef<E>(null);
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const showAgain = () => setEdited(false);
    form.addEventListener("submit", showAgain);
    return () => form.removeEventListener("submit", showAgain);
  }, []);
  return { ref, shown: edited ? undefined : errors, markEdited: () => setEdited(true) };
}
