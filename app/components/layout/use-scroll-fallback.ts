import { type RefObject, useEffect } from "react";

/**
 * Where the browser lacks CSS scroll-driven animations (e.g. Firefox today), drives the scroll
 * progress bar (--scroll-progress) and the header's 10 px effect (data-scrolled) from scroll
 * events. Where CSS can do it, does nothing.
 */
export function useScrollFallback(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || CSS.supports("animation-timeline: scroll()")) return;
    const update = () => {
      const root = document.documentElement;
      const range = root.scrollHeight - root.clientHeight;
      element.style.setProperty(
        "--scroll-progress",
        String(range > 0 ? root.scrollTop / range : 0),
      );
      element.toggleAttribute("data-scrolled", root.scrollTop >= 10);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [header]);
}
