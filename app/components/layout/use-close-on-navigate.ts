import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Closes a <details> menu whenever the location changes (client navigation with JS). */
export function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}
