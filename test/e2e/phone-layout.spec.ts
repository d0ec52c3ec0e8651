import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";

/**
 * No page of the site scrolls sideways on a 360 px phone, with JavaScript on and off: public
 * pages, the account pages and every admin page.
 */
const PUBLIC = [
  "/",
  "/services",
  "/services/web-development",
  "/blog",
  "/blog/1",
  "/blog/2",
  "/blog/3",
  "/contact",
  "/newsletter",
  "/terms",
  "/privacy",
  "/login",
  "/signup",
  "/forgot-password",
  "/no-such-page",
];
const SIGNED_IN = [
  "/dashboard",
  "/profile",
  "/portfolio",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/posts/1",
  "/admin/media",
];

async function sidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`);
    return { overflow: root.scrollWidth - root.clientWidth, wide };
  });
}

test.use({ viewport: { width: 360, height: 740 } });

test("public pages fit a 360 px phone", async ({ page }) => {
  for (const path of PUBLIC) {
    const { overflow, wide } = await sidewaysScroll(page, path);
    expect(overflow, `${path} is ${overflow}px too wide: ${wide.join(", ")}`).toBeLessThanOrEqual(
      0,
    );
  }
});

test("account and admin pages fit a 360 px phone, with the menu button and Edit in reach", async ({
  page,
}) => {
  await ensureAdminOnboarded();
  // The dashboard lists the user's own messages: one long unbroken word must wrap there.
  await signIn(page, ADMIN, "/contact");
  await page.getByLabel("Name").fill("Administrator");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Message", { exact: true }).fill(`Our ${"unbroken".repeat(30)} address.`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent! We will get back to you shortly.")).toBeVisible();
  for (const path of SIGNED_IN) {
    const { overflow, wide } = await sidewaysScroll(page, path);
    expect(overflow, `${path} is ${overflow}px too wide: ${wide.join(", ")}`).toBeLessThanOrEqual(
      0,
    );
  }
  await page.goto("/admin/posts");
  await expect(page.getByTestId("mobile-menu").locator("summary")).toBeInViewport();
  await expect(page.getByRole("link", { name: /^Edit / }).first()).toBeInViewport();
});
