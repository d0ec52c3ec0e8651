/**
 * Live totals in the line editors (issue 43), what only the page's script does: on a draft
 * invoice and a draft quote the totals of the lines as typed follow each keystroke — same
 * reading of shillings, same VAT rounding as the server — a mistyped line is left out and
 * said so, and once saved the database's totals are the ones the preview showed. (Without
 * JavaScript the editors are unchanged: admin-invoices.spec.ts and quotes.spec.ts, nojs.)
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";

test.beforeAll(ensureAdminOnboarded);

test("a draft invoice's totals follow what is typed, and saving keeps them", async ({ page }) => {
  const service = await serviceClient();
  const name = `Live Totals Ltd ${Date.now()}`;
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  await signIn(page, ADMIN, `/admin/clients/${data?.id}/invoices/new`);
  await page.getByLabel("Title").fill("Website and hosting");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Draft invoice #\d+$/ })).toBeVisible();

  const live = page.getByTestId("live-totals");
  const first = page.getByRole("group", { name: "Line 1" });
  await first.getByLabel("Description").fill("Design");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price (KES)").fill("1,500");
  // 2 × 1,500 = 3,000 + 16 % = 3,480.00, before anything is sent.
  await expect(live.locator("[data-live-total]")).toHaveText(/3,480\.00/);
  await expect(live).toContainText("As typed (not saved yet)");

  await page.getByRole("button", { name: "Add a line" }).click();
  const second = page.getByRole("group", { name: "Line 2" });
  await second.getByLabel("Description").fill("Hosting for a year");
  await second.getByLabel("Unit price (KES)").fill("2 000,5O");
  // The mistyped price is left out, and the preview says so.
  await expect(live.locator("[data-live-total]")).toHaveText(/3,480\.00/);
  await expect(live).toContainText("Lines with a mistake are left out");
  await second.getByLabel("Unit price (KES)").fill("2 000,50");
  // + 2,000.50 + 16 % (320.08) = 5,800.58.
  await expect(live.locator("[data-live-total]")).toHaveText(/5,800\.58/);
  await expect(live).not.toContainText("Lines with a mistake are left out");

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("invoice-totals")).toContainText("5,800.58");
  await expect(live.locator("[data-live-total]")).toHaveText(/5,800\.58/);
});

test("a draft quote's totals follow what is typed", async ({ page }) => {
  const service = await serviceClient();
  const { data: client } = await service
    .from("organisations")
    .insert({ name: `Live Quote Ltd ${Date.now()}` })
    .select("id")
    .single();
  const { data: quote } = await service
    .from("quotes")
    .insert({ organisation_id: client?.id, title: "Shop", valid_until: "2099-01-01" })
    .select("id")
    .single();
  await signIn(page, ADMIN, `/admin/quotes/${quote?.id}`);
  const live = page.getByTestId("live-totals");
  await page.locator('[name="description_0"]').fill("Shop design");
  await page.locator('[name="quantity_0"]').fill("3");
  await page.locator('[name="price_0"]').fill("KES 1,000.10");
  // 3 × 1,000.10 = 3,000.30 + 16 % (480.048 → 480.05) = 3,480.35.
  await expect(live.locator("[data-live-total]")).toHaveText(/3,480\.35/);
  await page.locator('[name="vat_0"]').fill("0");
  await expect(live.locator("[data-live-total]")).toHaveText(/3,000\.30/);
});
