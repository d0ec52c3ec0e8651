import { expect, type Page, test } from "@playwright/test";

/**
 * Enhancements that exist only with JavaScript (the `nojs` project ignores *.jsonly.spec.ts):
 * where the browser lacks CSS scroll-driven animations, a script drives the scroll effects.
 */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test("without scroll-driven CSS animations a script drives the same effect", async ({ page }) => {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      args.join(" ").includes("animation-timeline")
        ? false
        : supports(...(args as [string]))) as typeof CSS.supports;
  });
  await page.goto("/services");
  await scrollTo(page, 400);
  await expect.poll(() => page.locator(".site-header").getAttribute("data-scrolled")).toBe("");
  const progress = await page
    .locator(".site-header")
    .evaluate((el) => Number((el as HTMLElement).style.getPropertyValue("--scroll-progress")));
  expect(progress).toBeGreaterThan(0);
  await scrollTo(page, 0);
  await expect.poll(() => page.locator(".site-header").getAttribute("data-scrolled")).toBeNull();
});
