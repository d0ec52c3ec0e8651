import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";

test.describe("site shell", () => {
  test("top navigation reaches the public pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, path] of [
      ["Services", "/services"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
      ["Home", "/"],
    ] as const) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await link.click();
      await expect(page).toHaveURL(path);
      // The page shown is marked in the navigation, and only it.
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
  });

  test("the navigation marks the current section in every language", async ({ page }) => {
    for (const [path, name, label] of [
      ["/sw/services/web-development", "Menyu kuu", "Huduma"],
      ["/fr/", "Menu principal", "Accueil"],
      ["/blog/1", "Main", "Blog"],
    ] as const) {
      await page.goto(path);
      const current = page.getByRole("navigation", { name }).locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(label);
    }
  });

  test("footer lists quick links, services and contact details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Quick Links" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Bulk SMS" })).toHaveAttribute(
      "href",
      "/services/bulk-sms",
    );
    // Shown as Kenyans write it, dialled in E.164.
    await expect(footer.getByRole("link", { name: "0712 345 678" })).toHaveAttribute(
      "href",
      "tel:+254712345678",
    );
    await expect(footer.getByText("Nairobi · Mombasa, Kenya")).toBeVisible();
  });

  test("mobile menu opens and closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    const toggle = menu.locator("summary");
    const servicesLink = menu.getByRole("link", { name: "Services" });
    await expect(servicesLink).toBeHidden();
    await toggle.click();
    await expect(servicesLink).toBeVisible();
    await toggle.click();
    await expect(servicesLink).toBeHidden();
    await toggle.click();
    await servicesLink.click();
    await expect(page).toHaveURL("/services");
    // With JS the menu closes on navigation; without JS the new page starts closed.
    await expect(
      page.getByTestId("mobile-menu").getByRole("link", { name: "Services" }),
    ).toBeHidden();
  });

  test("home page passes axe", async ({ page }) => {
    await page.goto("/");
    await expectAccessible(page);
  });
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/404", "/services/nope/deeper"]) {
    test(`${path} answers 404 with the Not Found screen`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
      await expect(
        page.getByText(
          "Sorry, we couldn't find the page you're looking for. It might have been moved or doesn't exist.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL("/");
    });
  }

  test("/404 passes axe", async ({ page }) => {
    await page.goto("/404");
    await expectAccessible(page);
  });
});
