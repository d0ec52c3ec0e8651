import { expect, type Locator, type Page } from "@playwright/test";
import { jsOn } from "./js";

/**
 * The GOV.UK error summary a form shows at its top (app/components/forms/error-summary.tsx)
 * repeats each message the fields show: these tell the two copies apart.
 */

/** The summary's messages, one list item each (a field's as a link, the form's as text). */
export function summaryItems(page: Page) {
  return page.locator("[data-error-summary]").getByRole("listitem");
}

/**
 * A message shown under its field (its error list, `…-error`) in the page or in `scope`, not the
 * summary's copy.
 */
export function fieldError(
  scope: Page | Locator,
  text: string | RegExp,
  options: { exact?: boolean } = {},
) {
  return scope.locator('[id$="-error"]').getByText(text, options);
}

/** The error summary of the page's form. */
export const summaryOf = (page: Page) => page.locator("[data-error-summary]");

/**
 * The summary is focused, in view, announced, and links to exactly the invalid fields (of the
 * page's forms under `main`: only the form answered shows any).
 */
export async function expectSummaryOfInvalidFields(page: Page, heading: string): Promise<Locator> {
  const summary = summaryOf(page);
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary.getByRole("heading", { name: heading })).toBeVisible();
  const invalid = await page
    .locator('main form [aria-invalid="true"]')
    .evaluateAll((controls) => controls.map((control) => `#${control.id}`));
  const links = await summary
    .getByRole("link")
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
  expect(invalid.length).toBeGreaterThan(0);
  expect(links.sort()).toEqual(invalid.sort());
  return summary;
}

/** A summary's link takes the person to its field: focused with JS, scrolled to without. */
export async function followSummaryLink(
  page: Page,
  summary: Locator,
  name: RegExp,
  field: Locator,
) {
  await summary.getByRole("link", { name }).click();
  if (jsOn()) await expect(field).toBeFocused();
  else await expect(page).toHaveURL(new RegExp(`#${await field.getAttribute("id")}$`));
  await expect(field).toBeInViewport();
}
