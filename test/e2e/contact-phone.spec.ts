import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";

/**
 * The contact form's optional phone/WhatsApp number (issue 44, item 9), in French on a 360 px
 * phone: "0722 OOO 333" is refused next to the field with everything typed kept; "0712 345 678"
 * is sent, stored in E.164, and the admin's message page links it to call and to WhatsApp.
 */
test.beforeAll(ensureAdminOnboarded);

test("a visitor leaves a phone number with their message; the admin can call it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `phone-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const message = "Bonjour, nous voulons une boutique en ligne avec M-Pesa.";
  await page.goto("/fr/contact");
  const phone = page.getByLabel("Téléphone ou WhatsApp (facultatif)");
  await expect(phone).toHaveAttribute("type", "tel");
  await page.getByLabel("Nom").fill("Amina");
  await page.getByLabel("E-mail").fill(email);
  await phone.fill("0722 OOO 333");
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Envoyer le message" }).click();

  // The message is the field's own (its description, with the hint), wherever else it shows.
  await expect(phone).toHaveAccessibleDescription(
    /Saisissez un numéro que nous pouvons appeler, par exemple 0712 345 678 ou \+255 754 123 456, ou laissez le champ vide/,
  );
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveValue("0722 OOO 333");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
  const db = await serviceClient();
  const sent = async () =>
    (await db.from("contact_messages").select("id, phone").eq("email", email)).data ?? [];
  expect(await sent()).toEqual([]);

  await phone.fill("0712 345 678");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Message envoyé ! Nous revenons vers vous très vite.")).toBeVisible();
  const [stored] = await sent();
  expect(stored?.phone).toBe("+254712345678");

  await signIn(page, ADMIN, `/admin/messages/${stored?.id}`);
  await expect(page.getByRole("link", { name: "Call 0712 345 678" })).toHaveAttribute(
    "href",
    "tel:+254712345678",
  );
  await expect(page.getByRole("link", { name: "WhatsApp 0712 345 678" })).toHaveAttribute(
    "href",
    "https://wa.me/254712345678",
  );
});
