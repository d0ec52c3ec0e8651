import { expect, type Page, test } from "@playwright/test";
import { createPlainUser, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const cards = (page: Page) => page.getByRole("list", { name: "Projects" }).locator("article");

test.describe("portfolio", () => {
  test("anonymous visitors are sent to sign in first", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/portfolio")}`);
  });

  test("signed-in users see, filter and open the projects", async ({ page }) => {
    await signIn(page, await createPlainUser(), "/portfolio");
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    const first = cards(page).first();
    await expect(first.getByRole("heading", { name: "E-commerce Platform" })).toBeVisible();
    await expect(first.getByText("Client: Savannah Fresh Grocers")).toBeVisible();
    await expect(first.getByText("Web Development", { exact: true })).toBeVisible();
    await expect(first.getByRole("listitem").first()).toHaveText("React");

    const filter = page.getByTestId("portfolio-filter");
    await expect(filter.locator("summary")).toHaveText("Filter by: All");
    await filter.locator("summary").click();
    await filter.getByRole("link", { name: "Mobile Development" }).click();
    await expect(page).toHaveURL("/portfolio?category=mobile-development");
    await expect(filter.locator("summary")).toHaveText("Filter by: Mobile Development");
    await expect(filter.getByRole("link", { name: "All" })).toBeHidden();
    await expect(cards(page).getByRole("heading")).toHaveText([
      "Mobile Banking App",
      "Educational Learning Platform",
    ]);

    await page.getByRole("link", { name: "View Details of Mobile Banking App" }).click();
    const details = jsOn()
      ? page.getByRole("dialog", { name: "Mobile Banking App" })
      : page.getByRole("region", { name: "Mobile Banking App" });
    await expect(details).toBeVisible();
    await expect(details.getByText("Client: Harambee Savings Sacco")).toBeVisible();
    await expect(details.getByRole("heading", { name: "The outcome" })).toBeVisible();
    await expectAccessible(page);
    if (jsOn()) {
      await details.getByRole("button", { name: "Close" }).click();
    } else {
      await details.getByRole("link", { name: "Close details" }).click();
      await expect(page).toHaveURL("/portfolio?category=mobile-development");
    }
    await expect(details).toBeHidden();

    await expect(page.getByRole("heading", { name: "Ready to Start Your Project?" })).toBeVisible();
    await page.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL("/contact");
  });
});
