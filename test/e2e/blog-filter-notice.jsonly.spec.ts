import { expect, type Locator, type Page, test } from "@playwright/test";
import { untilHydrated } from "./helpers/hydrated";

/**
 * With JavaScript the blog's filters update the list without a reload; on a 360 px phone the
 * "updating" notice shows beside the control the visitor changed — the search box, the
 * category, a tag — not at the foot of the form, below the fold (issue 44 item 11). The
 * form's status line still announces it. In Kiswahili.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

/** Holds the list's next data request until `release` is called. */
async function holdResults(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/blog\.data/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** The notice is on screen and within a line or two of `control`. */
async function expectBeside(page: Page, control: Locator) {
  const notice = page.getByTestId("filter-updating");
  await expect(notice).toHaveText("Inasasishwa…");
  await expect(notice).toBeInViewport();
  const [a, b] = [await notice.boundingBox(), await control.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y)).toBeLessThan(60);
  await expect(page.getByRole("search").getByRole("status")).toHaveText("Inasasishwa…");
}

test("on a phone, 'Inasasishwa…' shows beside the search box, the category and the tag that changed", async ({
  page,
}) => {
  await page.goto("/sw/blog");
  await untilHydrated(page.getByRole("search"));
  const notice = page.getByTestId("filter-updating");

  // Typing a search: the notice is by the box, above the keyboard's reach.
  let release = await holdResults(page);
  const search = page.getByLabel("Tafuta makala");
  await search.scrollIntoViewIfNeeded();
  await search.fill("SMS");
  await expectBeside(page, search);
  release();
  await expect(page).toHaveURL(/\/sw\/blog\?q=SMS/);
  await expect(notice).toHaveCount(0);
  await page.unrouteAll({ behavior: "wait" });

  // A tag at the end of the list: beside its chip.
  release = await holdResults(page);
  const chip = page.getByText("#wateja", { exact: true });
  await chip.scrollIntoViewIfNeeded();
  await chip.click();
  await expectBeside(page, chip);
  release();
  await expect(page).toHaveURL(/tag=customers/);
  await expect(notice).toHaveCount(0);
  await page.unrouteAll({ behavior: "wait" });

  // A category.
  release = await holdResults(page);
  const category = page.getByLabel("Kategoria");
  await category.scrollIntoViewIfNeeded();
  await category.selectOption({ index: 1 });
  await expectBeside(page, category);
  release();
  await expect(page).toHaveURL(/category=/);
  await expect(notice).toHaveCount(0);
});
