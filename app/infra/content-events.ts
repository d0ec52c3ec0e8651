import { createContext, type RouterContextProvider } from "react-router";

/** Something visitors see changed: cached public pages showing it must go. */
export type ContentChange = { kind: "posts" } | { kind: "media" } | { kind: "site" };

/**
 * The port through which the app announces content changes. The Node server plugs in its page
 * cache (and, with several workers or instances, its broadcast); tests and scripts get a no-op.
 */
export interface ContentEvents {
  announce(change: ContentChange): void;
}

export const contentEventsContext = createContext<ContentEvents>({ announce() {} });

export function announceContentChange(
  context: Readonly<RouterContextProvider>,
  change: ContentChange,
): void {
  context.get(contentEventsContext).announce(change);
}
