import { expect, type Page } from "@playwright/test";

/** Grants or revokes from the people page in the browser (no reload: toasts stay on screen). */
export async function changeRights(page: Page, email: string, grant: boolean) {
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
