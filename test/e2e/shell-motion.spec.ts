import { expect, type Page, test } from "@playwright/test";

// The motion under test: a visitor who has not asked for less (the flows run with reduced motion).
test.use({ reducedMotion: "no-preference" });

/** The progress bar's horizontal scale (0 = empty, 1 = full) and whether the header is raised. */
async function scrollState(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector(".scroll-progress") as HTMLElement;
    const header = document.querySelector(".site-header") as HTMLElement;
    const matrix = new DOMMatrix(getComputedStyle(bar).transform);
    // Raised: the opaque white background and shadow of the scrolled state.
    return {
      progress: matrix.a,
      raised: getComputedStyle(header).backgroundColor === "rgb(255, 255, 255)",
    };
  });
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test("the progress bar follows the scroll and the header lifts after 10 px", async ({ page }) => {
  await page.goto("/services");
  await expect.poll(() => scrollState(page)).toEqual({ progress: 0, raised: false });
  await scrollTo(page, 9);
  await expect.poll(async () => (await scrollState(page)).raised).toBe(false);
  await scrollTo(page, 10);
  await expect.poll(async () => (await scrollState(page)).raised).toBe(true);
  await scrollTo(page, 400);
  await expect.poll(async () => (await scrollState(page)).raised).toBe(true);
  const halfway = (await scrollState(page)).progress;
  expect(halfway).toBeGreaterThan(0);
  expect(halfway).toBeLessThan(1);
  await scrollTo(page, 100_000);
  await expect.poll(async () => (await scrollState(page)).progress).toBeCloseTo(1, 2);
});

test("service cards rise in one after another, 100 ms apart", async ({ page }) => {
  await page.goto("/services");
  const delays = await page
    .locator("main .stagger-in")
    .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
  expect(delays).toEqual(["0s", "0.1s", "0.2s", "0.3s", "0.4s", "0.5s", "0.6s", "0.7s"]);
});

test.describe("for a visitor who asked for less motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("service cards are in place at once, with no rise-in", async ({ page }) => {
    await page.goto("/services");
    const animations = await page
      .locator("main .stagger-in")
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationName));
    expect(animations.length).toBe(8);
    expect(new Set(animations)).toEqual(new Set(["none"]));
  });
});
