import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser } from "./helpers/auth";
import { changeRights } from "./helpers/people";

test.beforeAll(ensureAdminOnboarded);

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
