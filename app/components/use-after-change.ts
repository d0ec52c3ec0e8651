import { useEffect, useRef } from "react";

/**
 * Runs `effect` after the first commit and after every commit in which `value` is not the one
 * it last ran with (compared with Object.is) — what `useEffect(effect, [value])` promises.
 *
 * The effect itself has no dependency list, so React runs it after every commit and the
 * comparison is ours: React can skip an effect whose dependencies changed during a router
 * transition (docs/architecture.md, "Effects that follow router data").
 */
export function useAfterChange<T>(value: T, effect: (value: T) => void): void {
  const last = useRef<{ value: T } | null>(null);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (last.current && Object.is(last.current.value, value)) return;
    last.current = { value };
    latest.current(value);
  });
}
