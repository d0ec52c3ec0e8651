import { expect, type Page, test } from "@playwright/test";
import { createPlainUser, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { jsOn } from "./helpers/js";

const cards = (page: Page) => page.getByRole("list", { name: "Projects" }).locator("article");

test.describe("portfolio", () => {
  test("anonymous visitors are sent to sign in first", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/portfolio")}`);
  });

  test("signed out, Portfolio leads to the home page's projects; its button says sign-in is needed", async ({
    page,
  }) => {
    for (const [lang, nav, main, home] of [
      ["", "Main", ["Portfolio", "Sign in to see the full portfolio"], "/"],
      ["/sw", "Menyu kuu", ["Kazi Zetu", "Ingia uone kazi zetu zote"], "/sw/"],
      [
        "/fr",
        "Menu principal",
        ["Réalisations", "Connectez-vous pour voir toutes nos réalisations"],
        "/fr/",
      ],
    ] as const) {
      await page.goto(`${lang}/services`);
      await page
        .getByRole("navigation", { name: nav })
        .getByRole("link", { name: main[0] })
        .click();
      await expect(page).toHaveURL(`${home}#portfolio`);
      await expect(page.locator("#portfolio")).toBeInViewport();
      const full = page.getByRole("link", { name: main[1] });
      await expect(full).toHaveAttribute("href", `${lang}/login?redirectTo=%2Fportfolio`);
      await full.click();
      await expect(page).toHaveURL(`${lang}/login?redirectTo=%2Fportfolio`);
    }
  });

  test("signed in, Portfolio and View Full Portfolio open the portfolio page", async ({
    page,
    request,
  }) => {
    // The anonymous home page is in the page cache first: the signed-in one must not be it.
    await page.goto("/");
    await signIn(page, await createPlainUser(), "/");
    const portfolio = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Portfolio",
    });
    await expect(portfolio).toHaveAttribute("href", "/portfolio");
    await page.getByRole("link", { name: "View Full Portfolio" }).click();
    await expect(page).toHaveURL("/portfolio");
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await page.goto("/fr/blog");
    await page
      .getByRole("navigation", { name: "Menu principal" })
      .getByRole("link", { name: "Réalisations" })
      .click();
    await expect(page).toHaveURL("/fr/portfolio");
    // The signed-in render never reaches the page cache: visitors still get the section.
    const anonymous = await (await request.get("/")).text();
    expect(anonymous).toContain('href="/#portfolio"');
    expect(anonymous).not.toContain('href="/portfolio"');
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
