/**
 * A quote from a lead to its acceptance (issue 43 item 2), as both sides go through it: the
 * agency opens a quote request in the inbox, drafts a quote (the lead's client organisation is
 * created), types its lines in shillings (a mistake is worded under its field, what was typed
 * kept; a line added by a plain POST) and sends it; the client's owner, on a 360 px phone in
 * Kiswahili, is told what is missing, then signs with their name and accepts: the page says who
 * accepted and shows the deposit invoice. With JavaScript on and off (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser, uniqueEmail } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { PHONE, phone } from "./helpers/client-project";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

test("the agency sends a quote to a lead and the client accepts it on a phone in Kiswahili", async ({
  page,
  browser,
}) => {
  const service = await serviceClient();
  const company = `Duma Motors ${Date.now()}`;
  const { data: lead } = await service
    .from("contact_messages")
    .insert({
      name: "Amina Wanjiru",
      email: uniqueEmail("lead"),
      locale: "sw",
      message: "Tunahitaji tovuti mpya. Bei ni kiasi gani?",
    })
    .select("id")
    .single();

  // The agency: from the message to a draft, for a new client.
  await signIn(page, ADMIN, `/admin/messages/${lead?.id}`);
  await page.getByRole("link", { name: "Draft a quote" }).click();
  await expect(page.getByText(/is not a client yet/)).toBeVisible();
  await page.getByLabel("Client organisation’s name").fill(company);
  await page.getByRole("button", { name: "Create the draft" }).click();
  await expect(page.getByText(/Draft created/).last()).toBeVisible();
  await expect(page.getByLabel("Language of the quote")).toHaveValue("sw");

  await page.getByLabel("Title").fill("Tovuti mpya");
  await page.locator('[name="description_0"]').fill("Usanifu wa tovuti");
  await page.locator('[name="price_0"]').fill("1.500");
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect(page.locator('[name="price_0"]')).toHaveValue("1.500");
  await expect(page.locator('[name="price_0"]')).toHaveAccessibleDescription(
    /Enter an amount in shillings/,
  );
  await page.locator('[name="price_0"]').fill("150,000");
  await page.getByRole("button", { name: "Add a line" }).click();
  await expect(page.locator('[name="description_1"]')).toBeVisible();
  await expect(page.locator('[name="description_0"]')).toHaveValue("Usanifu wa tovuti");
  await page.locator('[name="description_1"]').fill("Uhifadhi (mwezi)");
  await page.locator('[name="quantity_1"]').fill("12");
  await page.locator('[name="price_1"]').fill("1 500,50");
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByText("Draft saved").last()).toBeVisible();
  await expect(page.locator("[data-quote-total]")).toHaveText(/194,886\.96/);

  // The client's owner exists by the time it is sent (the lead would sign up from the mail).
  const { data: quote } = await service
    .from("quotes")
    .select("id, organisation_id")
    .eq("lead_id", lead?.id as number)
    .single();
  const owner = await createConfirmedUser({ fullName: "Amina Wanjiru" });
  await service.from("organisation_members").insert({
    organisation_id: quote?.organisation_id as string,
    user_id: owner.id,
    role: "owner",
  });
  await page.getByRole("button", { name: "Send to the client" }).click();
  await expect(page.getByText(/Quote Q-\d{4}-\d{4} sent/).last()).toBeVisible();
  await expect(page.locator("[data-quote-status]").first()).toHaveAttribute(
    "data-quote-status",
    "sent",
  );

  // The client, on a phone, in Kiswahili.
  const client = await phone(browser);
  const path = `/sw/organisations/${quote?.organisation_id}/quotes/${quote?.id}`;
  await openSignedIn(client, owner, path);
  await expect(client.getByRole("heading", { name: "Tovuti mpya" })).toBeVisible();
  await expect(client.locator("[data-quote-total]")).toHaveText(/194,886\.96/);
  await client.getByRole("button", { name: "Kubali nukuu" }).click();
  await expect(client.getByRole("alert").filter({ hasText: "Kuna tatizo" })).toBeVisible();
  const signature = client.getByLabel("Andika jina lako kamili kama sahihi yako");
  await expect(signature).toHaveAccessibleDescription(/Andika jina lako kamili ili kusaini/);
  await signature.fill("Amina Wanjiru");
  await client.getByLabel("Ninakubali nukuu hii na masharti yake").check();
  await client.getByRole("button", { name: "Kubali nukuu" }).click();
  await expect(client.getByText(/Umekubali nukuu Q-/).last()).toBeVisible();
  await expect(client.getByRole("heading", { name: "Nukuu imekubaliwa" })).toBeVisible();
  await expect(client.getByText(/Imekubaliwa na Amina Wanjiru/)).toBeVisible();
  await expect(client.locator("[data-deposit-invoice]")).toContainText(/JD-\d{4}-\d{4}/);
  await expect(client.locator("[data-deposit-invoice]")).toContainText("97,443.48");
  await expect(client.getByRole("button", { name: "Kubali nukuu" })).toHaveCount(0);
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(client);
});
