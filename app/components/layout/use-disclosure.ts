import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Behaviour of a `<details>` menu once JS runs (without JS it still opens and closes): it closes
 * when the location changes, on Escape and on a click outside it, and gives the focus back to
 * its button (the `<summary>`) when it held the focus.
 */
export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
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
