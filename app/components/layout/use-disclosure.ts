import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Behaviour of a `<details>` menu once JS runs (without JS it still opens and closes): it closes
 * when the location changes (not at hydration), on Escape and on a click outside it, and gives the focus back to
 * its button (the `<summary>`) when it held the focus.
 */
export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closes on a navigation, never when the page hydrates: the page paints (and works) before its
  // JavaScript runs, so a visitor may well have opened the menu by then.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (refocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (refocus) details.querySelector("summary")?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (details.contains(event.target as Node)) return;
      close(details.contains(document.activeElement));
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);
  return ref;
}
