import type { Locator } from "@playwright/test";

/**
 * Resolves once the element is in a page React has hydrated (the app marks `<html
 * data-hydrated>` from an effect, app/root.tsx) and the hydration's effects have had a frame and
 * a moment to run.
 */
export async function untilHydrated(target: Locator): Promise<void> {
  await target.evaluate(
    (element) =>
      new Promise<void>((done) => {
        const check = () =>
          element.ownerDocument.documentElement.hasAttribute("data-hydrated")
            ? requestAnimationFrame(() => setTimeout(done, 100))
            : setTimeout(check, 10);
        check();
      }),
  );
}
