import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, jsEnabled, signIn } from "./admin-helpers";
import { createConfirmedUser, signOut } from "./helpers/auth";

test.beforeAll(ensureAdminOnboarded);

/** Grants or revokes from the people page in the browser (no reload: toasts stay on screen). */
async function changeRights(page: Page, email: string, grant: boolean) {
  await page.getByLabel("Search", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  await page
    .getByRole("link", { name: `${grant ? "Make admin" : "Revoke admin"}: ${email}` })
    .click();
  await page
    .getByRole("button", { name: grant ? "Yes, make admin" : "Yes, revoke rights" })
    .click();
}

test("the activity log says what happened in sentences, linking the person and the item", async ({
  page,
}) => {
  test.slow();
  const colleague = await createConfirmedUser({ fullName: "Colleague Achieng" });
  await signIn(page, ADMIN, "/admin/people");
  await changeRights(page, colleague.email, true);
  await expect(page.getByText("Admin rights granted").first()).toBeVisible();

  await page.goto("/admin/activity");
  const sentence = `${ADMIN.email} made “${colleague.email}” an admin`;
  const row = page.getByRole("row").filter({ hasText: sentence });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("main")).not.toContainText("admin.granted");
  await expect(page.getByRole("main")).not.toContainText(`users ${colleague.id}`);
  // Its time in the agency's zone.
  await expect(row.locator("time")).toHaveText(/GMT\+3$/);
  await row.getByRole("link", { name: colleague.email }).click();
  await expect(page).toHaveURL(`/admin/people?q=${encodeURIComponent(colleague.email)}`);
  await expect(page.getByTestId(`person-${colleague.email}`)).toBeVisible();

  await page.goto("/admin/activity");
  await row.getByRole("link", { name: ADMIN.email }).click();
  await expect(page.getByTestId(`person-${ADMIN.email}`)).toBeVisible();

  // In the admin's language (the switcher's cookie).
  await page.goto("/language?lang=sw&to=/admin/activity");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `${ADMIN.email} alimfanya “${colleague.email}” kuwa msimamizi` }),
  ).toHaveCount(1);
  await page.goto("/language?lang=en&to=/admin/activity");
});

test("a new toast replaces the older one about the same thing, and none outlives sign-out", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo.project.use), "toasts stack only once JavaScript shows them");
  test.slow();
  const colleague = await createConfirmedUser({ fullName: "Colleague Njoroge" });
  await signIn(page, ADMIN, "/admin/people");
  await changeRights(page, colleague.email, true);
  await expect(page.getByText("Admin rights granted")).toBeVisible();
  await changeRights(page, colleague.email, false);
  await expect(page.getByText("Admin rights revoked")).toBeVisible();
  await expect(page.getByText("Admin rights granted")).toHaveCount(0);

  await signOut(page);
  await expect(page.getByText("You have been signed out", { exact: false })).toBeVisible();
  await expect(page.getByText("Admin rights revoked")).toHaveCount(0);
});
