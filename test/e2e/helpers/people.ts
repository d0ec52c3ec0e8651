import type { Page } from "@playwright/test";
import { searchFor } from "./search";

/** Grants or revokes from the people page in the browser (no reload: toasts stay on screen). */
export async function changeRights(page: Page, email: string, grant: boolean) {
  await searchFor(page, email);
  await page
    .getByRole("link", { name: `${grant ? "Make admin" : "Revoke admin"}: ${email}` })
    .click();
  await page
    .getByRole("button", { name: grant ? "Yes, make admin" : "Yes, revoke rights" })
    .click();
}
