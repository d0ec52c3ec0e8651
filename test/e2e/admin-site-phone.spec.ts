import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";

test.beforeAll(ensureAdminOnboarded);

const PAGES = [
  "/admin/services",
  "/admin/services/new",
  "/admin/services/1",
  "/admin/services/1/history",
  "/admin/portfolio/1",
  "/admin/portfolio-categories",
  "/admin/team",
  "/admin/team/1",
  "/admin/testimonials/1",
  "/admin/figures",
  "/admin/legal",
  "/admin/legal/privacy",
  "/admin/chat/1",
  "/admin/settings",
  "/admin/posts/1/history",
];

for (const path of PAGES) {
  test(`${path} fits a 360 px phone without sideways scrolling, and is accessible`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, ADMIN, path);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
}
