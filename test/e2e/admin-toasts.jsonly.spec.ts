import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser, signOut } from "./helpers/auth";
import { changeRights } from "./helpers/people";

/** Toasts stack only once JavaScript shows them (without it, each page shows its one message). */
test.beforeAll(ensureAdminOnboarded);

test("a new toast replaces the older one about the same thing, and none outlives sign-out", async ({
  page,
}) => {
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
