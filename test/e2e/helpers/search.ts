import { expect, type Page } from "@playwright/test";

/**
 * Searches an admin list (its "Search" field and "Apply") and waits until the page shows the
 * answer for `text`. Until then the list on screen is the one before the search: a link clicked
 * in it races the search's own navigation (before hydration, a full page load that wins), and
 * the test goes on from the search results instead of the link's page.
 */
export async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === text);
}
