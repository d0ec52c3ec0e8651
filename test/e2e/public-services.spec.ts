import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";

const prices = {
  "web-development": "Ksh 50,000 – 300,000",
  "mobile-app-development": "Ksh 150,000 – 1,000,000",
  "software-development": "Ksh 200,000 – 1,500,000",
  "web-hosting": "Ksh 10,000 – 100,000 per year",
  "bulk-sms": "From Ksh 0.7 per SMS",
  "digital-marketing": "Ksh 30,000 – 300,000 per month",
  "graphic-design": "Ksh 5,000 – 50,000",
  "ai-chatbot-assistants": "Ksh 80,000 – 500,000",
};

test.describe("services", () => {
  test("'Our Services' lists 8 cards with Learn More links", async ({ page }) => {
    await page.goto("/services");
    await expect(page).toHaveTitle("Our Services | Jenga Digital");
    await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    const learnMore = page.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(8);
    await expect(cards.first().locator("svg").first()).toBeAttached();
    await page.getByRole("link", { name: "Learn More about Bulk SMS" }).click();
    await expect(page).toHaveURL("/services/bulk-sms");
    await expect(page.getByRole("heading", { level: 1, name: "Bulk SMS" })).toBeVisible();
  });

  test("each card of the list says where the service's price starts, in French too", async ({
    page,
  }) => {
    await page.goto("/fr/services");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/À partir de .*KES/);
    await expect(cards.filter({ hasText: "SMS en masse" })).toContainText("par SMS");
  });

  for (const [id, price] of Object.entries(prices)) {
    test(`/services/${id} shows its price range`, async ({ page }) => {
      await page.goto(`/services/${id}`);
      await expect(page.getByTestId("price-range")).toHaveText(price);
    });
  }

  test("a service page has features, process, technologies, calls to action and Back", async ({
    page,
  }) => {
    await page.goto("/services/web-hosting");
    await expect(page).toHaveTitle("Web Hosting | Jenga Digital");
    await expect(page.getByText(/99\.9% uptime/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key Features" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Process" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Technologies" })).toBeVisible();
    await expect(page.getByText("Choose a Hosting Plan")).toBeVisible();
    await expect(page.getByRole("link", { name: "Call Us" })).toHaveAttribute(
      "href",
      "tel:+254712345678",
    );
    await expect(page.getByRole("link", { name: "Email Us" })).toHaveAttribute(
      "href",
      /^mailto:hello@jengadigital\.co\.ke\?subject=Web%20Hosting/,
    );
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL("/services");
  });

  test("an unknown service answers 404 with the Not Found screen", async ({ page }) => {
    const response = await page.goto("/services/time-travel");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found | Jenga Digital");
  });

  test("services pages pass axe", async ({ page }) => {
    await page.goto("/services");
    await expectAccessible(page);
    await page.goto("/services/ai-chatbot-assistants");
    await expectAccessible(page);
  });
});
