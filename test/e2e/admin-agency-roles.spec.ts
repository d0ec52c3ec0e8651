import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";
import { searchFor } from "./helpers/search";

test.beforeAll(ensureAdminOnboarded);

/** Saves the form; back on the list (the form gone), the server has answered. */
async function saveRole(page: Page, email: string) {
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("heading", { name: `Agency role of ${email}` })).toHaveCount(0);
  await expect(page.getByText("Agency role saved").last()).toBeVisible();
}

async function openRoleForm(page: Page, email: string) {
  await searchFor(page, email);
  await page.getByRole("link", { name: `Change role: ${email}` }).click();
  await expect(page.getByRole("heading", { name: `Agency role of ${email}` })).toBeVisible();
}

test("an admin makes a colleague agency staff, then takes the role away", async ({ page }) => {
  test.slow();
  const colleague = await createConfirmedUser({ fullName: "Colleague Achieng" });
  const service = await serviceClient();
  const storedRole = async () =>
    (await service.from("agency_roles").select("role").eq("user_id", colleague.id)).data;
  await signIn(page, ADMIN, "/admin/people");

  await openRoleForm(page, colleague.email);
  const role = page.getByRole("combobox", { name: "Agency role" });
  await expect(role).toHaveValue("none");
  await expectAccessible(page);
  await role.selectOption("staff");
  await saveRole(page, colleague.email);
  expect(await storedRole()).toEqual([{ role: "staff" }]);
  await searchFor(page, colleague.email);
  await expect(page.getByTestId(`person-${colleague.email}`)).toContainText("Staff");

  await openRoleForm(page, colleague.email);
  await expect(role).toHaveValue("staff");
  await role.selectOption("none");
  await saveRole(page, colleague.email);
  expect(await storedRole()).toEqual([]);
  const { data } = await service
    .from("audit_log")
    .select("action")
    .eq("summary", colleague.email)
    .order("id");
  expect(data).toEqual([{ action: "staff.granted" }, { action: "staff.revoked" }]);
});

test("an admin cannot remove their own admin role: the refusal stands under the field", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/admin/people");
  await openRoleForm(page, ADMIN.email);
  const role = page.getByRole("combobox", { name: "Agency role" });
  await expect(role).toHaveValue("admin");
  await role.selectOption("staff");
  await page.getByRole("button", { name: "Save role" }).click();
  const message = "You cannot remove your own admin role. Another admin can.";
  await expect(fieldError(page, message)).toBeVisible();
  // The choice comes back with the message, and the field says it is the one in error.
  await expect(role).toHaveValue("staff");
  await expect(role).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  const service = await serviceClient();
  const { data } = await service.auth.admin.listUsers({ perPage: 1000 });
  const admin = data.users.find((user) => user.email === ADMIN.email);
  expect(admin?.app_metadata.is_admin).toBe(true);
});
