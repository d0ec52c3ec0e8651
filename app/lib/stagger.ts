import type { CSSProperties } from "react";

/** The spec's card stagger: card `index` starts 100 ms × index after the first (`.stagger-in`). */
export function staggerStyle(index: number): CSSProperties {
  return { "--stagger-index": index } as CSSProperties;
}
