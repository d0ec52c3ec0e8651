import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";

const articles = (page: Page) => page.getByRole("list", { name: "Articles" }).locator("article");
const titles = (page: Page) => articles(page).getByRole("heading");

/** The seeded articles, newest first. Other tests publish posts of their own in parallel. */
const SEEDED = [
  "Choosing Reliable Web Hosting",
  "AI Chatbots for Customer Service",
  "Bulk SMS Marketing That Customers Welcome",
  "M-Pesa Integration Guide for Online Stores",
  "Mobile-First Design for African Markets",
  "Why Every Kenyan Business Needs a Website in 2026",
];

/**
 * The seeded titles the list shows, in order across its pages (posts other tests publish are
 * ignored, and may push seeded ones to the next page); the page is left where it was.
 */
async function seededTitles(page: Page): Promise<string[]> {
  const start = page.url();
  const shown: string[] = [];
  for (let guard = 0; guard < 10; guard++) {
    shown.push(...(await titles(page).allTextContents()).map((t) => t.trim()));
    const next = page.locator('head link[rel="next"]');
    if (SEEDED.every((t) => shown.includes(t)) || (await next.count()) === 0) break;
    await page.goto((await next.getAttribute("href")) ?? start);
  }
  if (page.url() !== start) await page.goto(start);
  return shown.filter((t) => SEEDED.includes(t));
}

async function expectSeeded(page: Page, expected: string[]) {
  await expect.poll(() => seededTitles(page)).toEqual(expected);
}

/** Without JS the filters apply with the button; with JS they apply on change. */
async function applyFilters(page: Page) {
  if (!jsOn()) await page.getByRole("button", { name: "Apply Filters" }).click();
}

test.describe("blog list", () => {
  test("lists the published posts newest first with short dates", async ({ page }) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle("Blog | Jenga Digital");
    await expectSeeded(page, SEEDED);
    const newestSeeded = articles(page).filter({ hasText: SEEDED[0] });
    await expect(newestSeeded.getByText("May 5, 2026")).toBeVisible();
    await expect(newestSeeded.getByText("5 min read")).toBeVisible();
    await newestSeeded.getByRole("link", { name: SEEDED[0] }).click();
    await expect(page).toHaveURL("/blog/6");
  });

  test("filters live in the URL (search, category, tags)", async ({ page }) => {
    await page.goto("/blog?q=m-pesa");
    await expect(titles(page)).toHaveText(["M-Pesa Integration Guide for Online Stores"]);
    await page.goto("/blog?category=AI");
    await expect(titles(page)).toHaveText(["AI Chatbots for Customer Service"]);
    // An old link's label is read as the category's key.
    await expect(page.getByLabel("Category")).toHaveValue("ai");
    await page.goto("/blog?tag=performance&tag=mobile");
    await expect(titles(page)).toHaveText(["Mobile-First Design for African Markets"]);
    await expect(page.getByRole("checkbox", { name: "#mobile" })).toBeChecked();
  });

  test("search, category and tag chips update the list and the URL", async ({ page }) => {
    await page.goto("/blog");
    await page.getByLabel("Search articles").fill("HOSTING");
    await applyFilters(page);
    await expect(page).toHaveURL(/[?&]q=HOSTING/);
    await expect(titles(page)).toHaveText(["Choosing Reliable Web Hosting"]);

    await page.getByLabel("Search articles").fill("");
    await page.getByLabel("Category").selectOption("Web Development");
    await applyFilters(page);
    await expect(page).toHaveURL(/category=web-development/);
    await expectSeeded(page, [
      "Choosing Reliable Web Hosting",
      "M-Pesa Integration Guide for Online Stores",
      "Mobile-First Design for African Markets",
      "Why Every Kenyan Business Needs a Website in 2026",
    ]);

    await page.getByText("#performance", { exact: true }).click();
    await applyFilters(page);
    await expect(page).toHaveURL(/tag=performance/);
    await expect(titles(page)).toHaveText([
      "Choosing Reliable Web Hosting",
      "Mobile-First Design for African Markets",
    ]);
    await page.getByText("#hosting", { exact: true }).click();
    await applyFilters(page);
    await expect(titles(page)).toHaveText(["Choosing Reliable Web Hosting"]);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/blog");
    await expectSeeded(page, SEEDED);
  });

  test("no match shows the empty state", async ({ page }) => {
    await page.goto("/blog?q=quantum+knitting");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  });

  test("newsletter box subscribes once and answers a repeat exactly the same way", async ({
    page,
  }) => {
    const email = `news-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Subscribe to our newsletter" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    const thanks = page.getByText("Check your inbox to confirm your subscription.");
    await expect(thanks).toBeVisible();
    if (!jsOn()) await expect(page).toHaveURL("/newsletter");
    await page.goto("/blog");
    await box.getByLabel("Email address").fill(email.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    // Nobody can learn from the form whether an address is on the list.
    await expect(thanks).toBeVisible();
    const { data } = await (await serviceClient())
      .from("newsletter_subscribers")
      .select("email")
      .ilike("email", email);
    expect(data).toHaveLength(1);
  });

  test("newsletter box validates the address", async ({ page }) => {
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Subscribe to our newsletter" });
    await box.getByLabel("Email address").fill("reader@example");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(fieldError(page, "Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("reader@example");
  });

  test("blog list passes axe", async ({ page }) => {
    await page.goto("/blog?tag=sms");
    await expectAccessible(page);
  });
});

test.describe("blog post", () => {
  test("shows the whole article", async ({ page }) => {
    await page.goto("/blog/3");
    await expect(page).toHaveTitle("M-Pesa Integration Guide for Online Stores | Jenga Digital");
    await expect(
      page.getByRole("heading", { level: 1, name: "M-Pesa Integration Guide for Online Stores" }),
    ).toBeVisible();
    const categories = page.getByRole("list", { name: "Categories" });
    await expect(categories.getByRole("listitem")).toHaveText(["Payments", "Web Development"]);
    await expect(page.locator("article header").getByText("David Kamau")).toBeVisible();
    await expect(page.getByText("February 24, 2026")).toBeVisible();
    await expect(page.locator("article header").getByText("7 min read")).toBeVisible();
    await expect(
      page.getByTestId("post-content").getByRole("heading", { name: "How STK Push works" }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText([
      "#mpesa",
      "#payments",
      "#ecommerce",
    ]);
    await expect(page.getByRole("heading", { name: "About David Kamau" })).toBeVisible();
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.getByRole("listitem")).toHaveCount(3);
    await expect(
      related.getByRole("link", { name: "M-Pesa Integration Guide for Online Stores" }),
    ).toHaveCount(0);
    const url = encodeURIComponent(`${new URL(page.url()).origin}/blog/3`);
    await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      `https://x.com/intent/tweet?url=${url}&text=${encodeURIComponent("M-Pesa Integration Guide for Online Stores")}`,
    );
    await expect(page.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    );
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    await page.getByRole("link", { name: "View All Articles" }).click();
    await expect(page).toHaveURL("/blog");
    await page.goto("/blog/3");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("copy link: a button with JS, a read-only address without", async ({ page, context }) => {
    await page.goto("/blog/2");
    if (!jsOn()) {
      const field = page.getByLabel("Link to this article");
      await expect(field).toHaveValue(/\/blog\/2$/);
      await expect(field).toHaveAttribute("readonly", "");
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => alerts).toEqual(["Link copied to clipboard!"]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  for (const path of ["/blog/999999", "/blog/not-a-number"]) {
    test(`${path} answers 404 with the Not Found screen`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    });
  }

  test("blog post passes axe", async ({ page }) => {
    await page.goto("/blog/1");
    await expectAccessible(page);
  });
});

test.describe("blog pages", () => {
  test("12 articles a page, page links that keep the filters, rel=prev/next", async ({ page }) => {
    const category = `Paged ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    // Dated long ago, so they never push other tests' articles off the first page.
    const rows = Array.from({ length: 14 }, (_, i) => ({
      title: `${category} article ${i + 1}`,
      published: true,
      published_at: new Date(Date.UTC(2001, 0, 15 - i)).toISOString(),
      categories: [category],
    }));
    const { error } = await (await serviceClient()).from("posts").insert(rows);
    expect(error).toBeNull();
    await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    const list = page.getByRole("list", { name: "Articles" });
    await expect(list.getByRole("listitem")).toHaveCount(12);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByText("Page 1 of 2 · 14 articles")).toBeVisible();
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", /page=2/);
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/category=paged.*&page=2$/);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByText(`${category} article 14`)).toBeVisible();
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute("href", /category=paged/);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(list.getByText(`${category} article 1`, { exact: true })).toBeVisible();
  });
});
