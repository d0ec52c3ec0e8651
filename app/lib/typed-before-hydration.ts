import { useLayoutEffect } from "react";

/**
 * Words typed into a form before the page's JavaScript ran (an edit form on a slow phone) must
 * survive hydration and reach the components:
 * - React 19 sets a `<textarea>` back to its server-rendered text when it hydrates (react-dom's
 *   `initTextarea` assigns `value` from the text content; inputs are left as they are). The root
 *   module notes the text areas' values as it loads (route modules load before the page
 *   hydrates) and every edit until hydration ends, and the root layout puts them back.
 * - React records a field's value when it hydrates it, so a value typed earlier never fired the
 *   component's `onChange`: a live preview stayed empty until the next key. Once hydrated, each
 *   text field whose value is not the server's is announced with an `input` event, as typing
 *   would have.
 */
const typed = new Map<HTMLTextAreaElement, string>();

const TEXT_FIELDS =
  "textarea, input:not([type=hidden], [type=checkbox], [type=radio], [type=file], [type=submit], [type=button], [type=reset], [type=image])";

function note(area: HTMLTextAreaElement) {
  if (area.value !== area.defaultValue) typed.set(area, area.value);
  else typed.delete(area);
}

function onInput(event: Event) {
  if (event.target instanceof HTMLTextAreaElement) note(event.target);
}

/** Notes what was typed into text areas until the page hydrates. No-op on the server. */
export function rememberTypedTextareas(): void {
  if (typeof document === "undefined") return;
  for (const area of document.querySelectorAll("textarea")) note(area);
  document.addEventListener("input", onInput, true);
}

/** Puts back what was typed and tells the components, after hydration and before other effects. */
export function useTypedTextareasKept(): void {
  useLayoutEffect(() => {
    document.removeEventListener("input", onInput, true);
    for (const [area, value] of typed) {
      if (area.isConnected && area.value !== value) area.value = value;
    }
    typed.clear();
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      TEXT_FIELDS,
    )) {
      if (field.value !== field.defaultValue) announce(field);
    }
  }, []);
}

/**
 * Fires `input` for a value React has not seen change: its value is set back to the server's
 * through the element (which React watches), then to the typed one through the prototype's
 * setter (which it does not), so React's change detection sees the difference.
 */
function announce(field: HTMLInputElement | HTMLTextAreaElement) {
  const value = field.value;
  const focused = field.ownerDocument.activeElement === field;
  const selection = focused ? [field.selectionStart, field.selectionEnd] : null;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  if (!setter) return;
  field.value = field.defaultValue;
  setter.call(field, value);
  if (selection?.[0] != null && selection[1] != null) {
    field.setSelectionRange(selection[0], selection[1]);
  }
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
