import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectPublic, expectToast, storedRow, unfold, updateRow } from "./admin-site-helpers";
import { fieldError } from "./helpers/error-summary";
import { exclusive } from "./helpers/exclusive";

test.beforeAll(ensureAdminOnboarded);

test("on a 360 px phone, an admin changes the phone number, then puts the old one back", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await exclusive("settings", async () => {
    const before = await storedRow("site_settings", { id: "site" });
    try {
      await signIn(page, ADMIN, "/admin/settings");
      // The stored E.164 number is shown as visitors read it.
      await expect(page.getByLabel("Phone number")).toHaveValue("0712 345 678");
      await page.getByLabel("Phone number").fill("+254 733 000 111");
      await unfold(page, "Social links");
      await page
        .getByLabel("Social links, Row 1, Address (https://…)")
        .fill("http://facebook.com/x");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(fieldError(page, "Enter a full address starting with https://")).toBeVisible();
      await expect(page.getByLabel("Phone number")).toHaveValue("+254 733 000 111");
      expect((await storedRow("site_settings", { id: "site" }))?.phone).toBe(before?.phone);

      await page
        .getByLabel("Social links, Row 1, Address (https://…)")
        .fill("https://www.facebook.com/jengadigital");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL("/admin/settings");
      await expectToast(page, "Saved");
      // Stored as one number in E.164 however it was typed, shown back as Kenyans write it.
      await expect(page.getByLabel("Phone number")).toHaveValue("0733 000 111");
      expect((await storedRow("site_settings", { id: "site" }))?.phone).toBe("+254733000111");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      // Visitors see the new number at once, in every language, as Kenyans write it.
      await expectPublic(page, ["/", "/sw/", "/fr/contact"], "0733 000 111");

      await page.goto("/admin/settings/history");
      const latest = page.getByRole("listitem").filter({ hasText: "This is the current version" });
      await expect(latest).toContainText("Phone number");
      await expect(latest).toContainText("+254733000111");
      await page
        .getByRole("link", { name: `Restore this version (version ${before?.version})` })
        .click();
      await page.getByRole("button", { name: "Yes, restore" }).click();
      await expectToast(page, "Version restored");
      expect((await storedRow("site_settings", { id: "site" }))?.phone).toBe(before?.phone);
      await expectPublic(page, ["/"], "0733 000 111", { absent: true });
    } finally {
      // Whatever happened, the other project and the public pages' tests find the settings as they were.
      await updateRow("site_settings", "site", {
        phone: before?.phone,
        social_links: before?.social_links,
      });
    }
  });
});
