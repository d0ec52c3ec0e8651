import type { Locator } from "@playwright/test";

/**
 * Resolves once React has hydrated the element (it carries React's props) and the hydration's
 * effects have had a frame and a moment to run.
 */
export async function untilHydrated(target: Locator): Promise<void> {
  await target.evaluate(
    (element) =>
      new Promise<void>((done) => {
        const check = () =>
          Object.keys(element).some((key) => key.startsWith("__reactProps"))
            ? requestAnimationFrame(() => setTimeout(done, 100))
            : setTimeout(check, 10);
        check();
      }),
  );
}
