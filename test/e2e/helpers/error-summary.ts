import type { Locator, Page } from "@playwright/test";

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
