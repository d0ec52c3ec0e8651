import { useLayoutEffect } from "react";

/**
 * React 19 sets a `<textarea>` back to its server-rendered text when it hydrates (react-dom's
 * `initTextarea` assigns `value` from the text content, where inputs are left as they are), so
 * words typed into a filled-in text area before the page's JavaScript ran — an edit form on a
 * slow phone — were lost without a sign. The root module remembers them as it loads (route
 * modules load before the page hydrates) and the root layout puts them back once it has.
 */
let typed: [area: HTMLTextAreaElement, value: string][] = [];

/** Notes every text area whose value is not the one the server sent. No-op on the server. */
export function rememberTypedTextareas(): void {
  if (typeof document === "undefined") return;
  typed = [];
  for (const area of document.querySelectorAll("textarea")) {
    if (area.value !== area.defaultValue) typed.push([area, area.value]);
  }
}

/** Puts back what was typed, after hydration and before any other effect reads the fields. */
export function useTypedTextareasKept(): void {
  useLayoutEffect(() => {
    for (const [area, value] of typed) {
      if (area.isConnected && area.value !== value) area.value = value;
    }
    typed = [];
  }, []);
}
