/**
 * The agency bills a client (issue 43), with JavaScript on and off (projects js and nojs): from
 * the client's page a draft invoice, two lines typed in shillings (the second added with the
 * "Add a line" button — a round trip to the server without JavaScript), a price typed wrong and
 * answered under its field with everything kept, then issued with the year's next number, and
 * found in /admin/invoices with its total and status.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";

test.beforeAll(ensureAdminOnboarded);

test("a draft with two lines is issued and listed with its total and status", async ({ page }) => {
  const name = `Jua Kali Works ${Date.now()}`;
  const service = await serviceClient();
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  await signIn(page, ADMIN, `/admin/clients/${data?.id}`);

  await page.getByRole("link", { name: "New invoice" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `New invoice for ${name}` }),
  ).toBeVisible();
  await page.getByLabel("Title").fill("Website and hosting");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Draft invoice #\d+$/ })).toBeVisible();

  const first = page.getByRole("group", { name: "Line 1" });
  await first.getByLabel("Description").fill("Design");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price (KES)").fill("1,500");
  await page.getByRole("button", { name: "Add a line" }).click();

  const second = page.getByRole("group", { name: "Line 2" });
  await expect(second).toBeVisible();
  await expect(first.getByLabel("Description")).toHaveValue("Design");
  await expect(second.getByLabel("VAT (%)")).toHaveValue("16");
  await second.getByLabel("Description").fill("Hosting for a year");
  await second.getByLabel("Unit price (KES)").fill("2 000,5O");
  await page.getByRole("button", { name: "Issue invoice" }).click();

  const price = second.getByLabel("Unit price (KES)");
  await expect(price).toHaveAccessibleDescription(/Enter an amount in shillings/);
  await expect(price).toHaveValue("2 000,5O");
  await expect(first.getByLabel("Unit price (KES)")).toHaveValue("1,500");
  await expectAccessible(page);

  await price.fill("2 000,50");
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await expect(page.getByText(/Issued as JD-\d{4}-\d{4}/)).toBeVisible();
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const number = /JD-\d{4}-\d{4}/.exec(heading ?? "")?.[0] ?? "";
  expect(number).not.toBe("");
  // 2 × 1,500 + 16 % = 3,480.00; 2,000.50 + 16 % (320.08) = 2,320.58.
  await expect(page.getByTestId("invoice-totals")).toContainText("5,800.58");

  await page.getByRole("link", { name: "Invoices", exact: true }).first().click();
  const row = page.locator(`tr[data-invoice="${number}"]`);
  await expect(row).toContainText(name);
  await expect(row).toContainText("5,800.58");
  await expect(row).toContainText("Issued");
});
