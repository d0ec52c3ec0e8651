import { expect, type Locator, type Page, test } from "@playwright/test";
import { createConfirmedUser } from "./helpers/auth";
import { holdScripts } from "./helpers/hold-scripts";
import { untilHydrated } from "./helpers/hydrated";
import { openSignedIn } from "./helpers/session";

/** Menus and the blog filters once JavaScript runs (without it the pages already work). */
async function expectDismissable(page: Page, details: Locator, inside: Locator) {
  const button = details.locator("summary");
  // Escape and a click outside close a menu once the page's scripts run (before, only the
  // summary does, as without JS).
  await untilHydrated(button);
  await button.click();
  await expect(inside).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(inside).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await expect(inside).toBeVisible();
  // Bottom-left corner: outside every menu, on no link.
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  await page.mouse.click(5, size.height - 10);
  await expect(inside).toBeHidden();
}

test("the mobile menu and the chat widget close on Escape and on a click outside", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByTestId("mobile-menu");
  await expectDismissable(page, menu, menu.getByRole("link", { name: "Services" }));
  const chat = page.getByTestId("chat-widget");
  await expectDismissable(page, chat, chat.getByRole("heading", { name: "Live Chat" }));
});

test("the account menu closes on Escape and on a click outside", async ({ page }) => {
  const user = await createConfirmedUser();
  await openSignedIn(page, user, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.locator("details").filter({ hasText: "Account menu" });
  await expectDismissable(page, menu, menu.getByRole("link", { name: "Dashboard" }));
});

test("a blog filter chosen before the page hydrates is applied, not undone", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Category").selectOption("Web Development");
  await expect(page.getByRole("button", { name: "Apply Filters" })).toBeVisible();
  release();
  await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(0);
  await expect(page).toHaveURL(/category=web-development/);
  await expect(page.getByLabel("Category")).toHaveValue("web-development");
  // The server answered for the chosen category (its "Clear filters" link shows with filters on).
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
});

test("Back undoes the last blog filter", async ({ page }) => {
  await page.goto("/blog");
  // Hydrated: the no-JS "Apply Filters" button is gone and changes submit by themselves.
  await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(0);
  await page.getByLabel("Category").selectOption("Web Development");
  await expect(page).toHaveURL(/category=web-development/);
  await page.getByText("#performance", { exact: true }).click();
  await expect(page).toHaveURL(/tag=performance/);
  await page.goBack();
  await expect(page).toHaveURL(/category=web-development/);
  await expect(page).not.toHaveURL(/tag=performance/);
  await expect(page.getByRole("checkbox", { name: "#performance" })).not.toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL("/blog");
});
