import { expect, type Page, test } from "@playwright/test";
import { holdScripts } from "./helpers/hold-scripts";
import { jsOn } from "./helpers/js";

/**
 * The blog's filters in the visitor's language, by key (issue 27 item 5), and what a visitor
 * sees between choosing a filter and its results (issue 26 item 7): with JavaScript late, the
 * choice shows at once with "Updating…" over a dimmed list until it applies; without it,
 * nothing claims an update and the Apply button applies it.
 */
const titles = (page: Page) =>
  page.getByRole("list", { name: /^(Articles|Makala|Articles)$/ }).locator("article h2");
const results = (page: Page) => page.locator(".blog-results");
const SMS = "Bulk SMS Marketing That Customers Welcome";

test("a category chosen before the page hydrates shows at once and says 'Updating…' until it applies", async ({
  page,
}) => {
  const release = jsOn() ? await holdScripts(page) : () => {};
  await page.goto("/blog", { waitUntil: "domcontentloaded" });
  const before = await titles(page).allTextContents();
  expect(before).not.toEqual([SMS]);
  const updating = page.getByText("Updating…");
  await expect(updating).toBeHidden();

  await page.getByLabel("Category").selectOption("Digital Marketing");
  // The control itself shows the choice at once.
  await expect(page.getByLabel("Category")).toHaveValue("digital-marketing");
  if (jsOn()) {
    // Scripts still held: the list is the old one, dimmed, and the form says it is updating.
    await expect(updating).toBeVisible();
    await expect(results(page)).toHaveCSS("opacity", "0.5");
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    expect(await titles(page).allTextContents()).toEqual(before);
    release();
  } else {
    // Nothing will happen by itself, so nothing says it will.
    await expect(updating).toBeHidden();
    await expect(results(page)).toHaveCSS("opacity", "1");
    await page.getByRole("button", { name: "Apply Filters" }).click();
  }
  await expect(page).toHaveURL(/[?&]category=digital-marketing/);
  await expect(titles(page)).toHaveText([SMS]);
  await expect(updating).toBeHidden();
  await expect(results(page)).toHaveCSS("opacity", "1");
  await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(jsOn() ? 0 : 1);
});

test("a tag chosen before the Kiswahili page hydrates is checked at once, 'Inasasishwa…' until it applies", async ({
  page,
}) => {
  const release = jsOn() ? await holdScripts(page) : () => {};
  await page.goto("/sw/blog", { waitUntil: "domcontentloaded" });
  const chip = page.getByRole("checkbox", { name: "#wateja" });
  await page.getByText("#wateja", { exact: true }).click();
  await expect(chip).toBeChecked();
  const updating = page.getByText("Inasasishwa…");
  if (jsOn()) {
    await expect(updating).toBeVisible();
    release();
  } else {
    await expect(updating).toBeHidden();
    await page.getByRole("button", { name: "Chuja" }).click();
  }
  await expect(page).toHaveURL(/\/sw\/blog\?(.*&)?tag=customers$/);
  await expect(titles(page)).toHaveText([SMS]);
  await expect(chip).toBeChecked();
  await expect(updating).toBeHidden();
});

test("once hydrated, the list is busy and says 'Updating…' while a filter's results are on their way", async ({
  page,
}) => {
  await page.goto("/blog");
  if (jsOn()) {
    await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(0);
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(/\/blog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByText("#sms", { exact: true }).click();
    // Shown beside the chip (blog-filter-notice.jsonly.spec.ts: on a phone), announced by the
    // form's status line.
    await expect(page.getByTestId("filter-updating")).toHaveText("Updating…");
    await expect(page.getByRole("search").getByRole("status")).toHaveText("Updating…");
    await expect(results(page)).toHaveAttribute("aria-busy", "true");
    answer();
  } else {
    await page.getByText("#sms", { exact: true }).click();
    await page.getByRole("button", { name: "Apply Filters" }).click();
  }
  await expect(page).toHaveURL(/[?&]tag=sms/);
  await expect(titles(page)).toHaveText([SMS]);
  await expect(page.getByText("Updating…")).toBeHidden();
  await expect(results(page)).not.toHaveAttribute("aria-busy", /.*/);
});

test("the French blog offers its own names, filters by key and reads an old English link", async ({
  page,
}) => {
  await page.goto("/fr/blog");
  const category = page.getByLabel("Catégorie");
  const names = (await category.locator("option").allTextContents()).map((n) => n.trim());
  expect(names).toContain("Développement web");
  expect(names).not.toContain("Web Development");
  expect(names).not.toContain("Digital Marketing");
  expect(new Set(names).size).toBe(names.length);
  await expect(page.getByText("#clients", { exact: true })).toBeVisible();
  await expect(page.getByText("#customers", { exact: true })).toHaveCount(0);

  await category.selectOption("Marketing digital");
  if (!jsOn()) await page.getByRole("button", { name: "Appliquer les filtres" }).click();
  await expect(page).toHaveURL(/\/fr\/blog\?(.*&)?category=digital-marketing$/);
  await expect(titles(page)).toHaveText([SMS]);
  await expect(page.locator("article").getByText("Marketing digital")).toBeVisible();

  await page.goto("/fr/blog?category=Digital%20Marketing");
  await expect(category).toHaveValue("digital-marketing");
  await expect(titles(page)).toHaveText([SMS]);
});
