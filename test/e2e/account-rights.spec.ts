import { expect, test } from "@playwright/test";
import { createConfirmedUser } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { openSignedIn } from "./helpers/session";

/**
 * What an agency's client keeps on /profile and their rights under the Kenya Data Protection Act
 * (issue 42, item 2), on a 360 px phone, with JavaScript on and off: a mistyped phone number and
 * KRA PIN are refused next to their fields with everything typed kept, then saved and shown as
 * Kenyans write them; a reminder turned off stays off; "Download my data" gives the JSON file;
 * deleting the account is refused to the last owner of a client with other people, then — the
 * address typed — done, landing signed out on the home page with what happened.
 */
test.use({ viewport: { width: 360, height: 740 } });

test("a client keeps a phone, company and KRA PIN, chooses mails and downloads their data (Kiswahili)", async ({
  page,
}) => {
  const person = await createConfirmedUser({ fullName: "Amina Wanjiru" });
  await openSignedIn(page, person, "/sw/profile");
  const phone = page.getByLabel("Nambari ya simu");
  const pin = page.getByLabel("PIN ya KRA");
  const company = page.getByLabel("Jina la kampuni");
  await phone.fill("0712 345");
  await company.fill("Duka Bora Ltd");
  await pin.fill("A12345678Z");
  await page.getByRole("button", { name: "Hifadhi Mabadiliko" }).click();

  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Andika nambari ya simu tunayoweza kupiga/);
  await expect(pin).toHaveAccessibleDescription(/Andika PIN ya KRA: A au P, tarakimu tisa/);
  await expect(phone).toHaveValue("0712 345");
  await expect(pin).toHaveValue("A12345678Z");
  await expect(company).toHaveValue("Duka Bora Ltd");
  await expect(page.getByRole("alert").filter({ hasText: "PIN ya KRA" }).first()).toBeVisible();

  await phone.fill("0712345678");
  await pin.fill("a012345678z");
  await page.getByRole("button", { name: "Hifadhi Mabadiliko" }).click();
  await expect(page.getByText("Wasifu umesasishwa")).toBeVisible();
  await expect(phone).toHaveValue("0712 345 678");
  await expect(pin).toHaveValue("A012345678Z");
  const stored = await (await serviceClient()).auth.admin.getUserById(person.id);
  expect(stored.data.user?.user_metadata).toMatchObject({
    phone: "+254712345678",
    kra_pin: "A012345678Z",
    company_name: "Duka Bora Ltd",
  });

  const invoices = page.getByLabel("Vikumbusho vya ankara zinazodaiwa au zilizopitwa na muda");
  await expect(invoices).toBeChecked();
  await invoices.uncheck();
  await page.getByRole("button", { name: "Hifadhi chaguo za barua pepe" }).click();
  await expect(page.getByText("Chaguo za barua pepe zimehifadhiwa")).toBeVisible();
  await page.reload();
  await expect(invoices).not.toBeChecked();
  await expect(page.getByLabel("Ujumbe mpya katika mazungumzo ya mradi")).toBeChecked();
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Pakua data yangu" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const file = JSON.parse(await readFile(path, "utf8"));
  expect(file.account).toMatchObject({ email: person.email, metadata: { kra_pin: "A012345678Z" } });
});

test("deleting the account: refused to a client's last owner, then done and signed out (French)", async ({
  page,
}) => {
  const service = await serviceClient();
  const person = await createConfirmedUser({ fullName: "Jean Mugabo" });
  const colleague = await createConfirmedUser();
  const { data: organisation } = await service
    .from("organisations")
    .insert({ name: "Mugabo & Fils" })
    .select("id")
    .single();
  await service.from("organisation_members").insert([
    { organisation_id: organisation?.id, user_id: person.id, role: "owner" },
    { organisation_id: organisation?.id, user_id: colleague.id, role: "member" },
  ]);
  await openSignedIn(page, person, "/fr/profile");
  await expect(
    page.getByText(/conservés 7 ans, comme l'exige la loi fiscale kényane/),
  ).toBeVisible();
  const confirm = page.getByLabel("Saisissez votre adresse e-mail pour confirmer");
  const remove = page.getByRole("button", { name: "Supprimer définitivement mon compte" });

  await confirm.fill("pas-moi@example.com");
  await remove.click();
  await expect(confirm).toHaveAccessibleDescription(
    `Saisissez l'adresse e-mail de ce compte (${person.email}) pour confirmer`,
  );
  await expect(confirm).toHaveValue("pas-moi@example.com");

  await confirm.fill(person.email);
  await remove.click();
  await expect(
    page.getByText(/Vous êtes le seul propriétaire de Mugabo & Fils, dont d'autres personnes/),
  ).toBeVisible();
  expect((await service.auth.admin.getUserById(person.id)).data.user?.email).toBe(person.email);

  // Another owner named, the account can go.
  await service
    .from("organisation_members")
    .update({ role: "owner" })
    .eq("user_id", colleague.id)
    .eq("organisation_id", organisation?.id);
  await confirm.fill(person.email);
  await remove.click();
  await expect(page).toHaveURL(/\/fr\/?$/);
  await expect(page.getByText("Votre compte a été supprimé")).toBeVisible();
  expect((await service.auth.admin.getUserById(person.id)).data.user ?? null).toBeNull();
  await page.goto("/fr/profile");
  await expect(page).toHaveURL(/\/fr\/login/);
});
