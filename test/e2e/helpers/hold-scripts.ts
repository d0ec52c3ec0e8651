import type { Page } from "@playwright/test";

/**
 * Holds the page's JavaScript (the built modules under /assets) back until the returned function
 * is called, as on a slow phone: the visitor can act on the painted page before it hydrates.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
