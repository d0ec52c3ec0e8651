import { expect, type Locator, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { langInput, storedRow } from "./admin-site-helpers";
import { expectAccessible } from "./helpers/axe";
import {
  expectSummaryOfInvalidFields,
  followSummaryLink as followLink,
  summaryOf,
} from "./helpers/error-summary";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

/**
 * A failed save is said where the person is looking (issue 44, item 1): GOV.UK's error summary
 * at the top of the form takes focus (autofocus without JS, after the answer with JS), names
 * every invalid field with a link to it, and the title starts with "Error:". Nothing here saves:
 * every submission is refused.
 */
test.beforeAll(ensureAdminOnboarded);

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("an invalid slug on a service: the summary takes focus, names the field, links to it", async ({
    page,
  }) => {
    const service = await storedRow("services", { slug: "web-development" });
    expect(service).not.toBeNull();
    await signIn(page, ADMIN, `/admin/services/${service?.id}`);
    const slug = page.getByLabel("Web address (slug)");
    if (jsOn()) await untilHydrated(slug);
    await slug.fill("Not a slug!");
    await page.getByRole("button", { name: "Save", exact: true }).click();

    const summary = await expectSummaryOfInvalidFields(page, "There is a problem");
    await expect(summary.getByRole("link")).toHaveText([/^Web address \(slug\): Use lowercase/]);
    await expect(page).toHaveTitle(/^Error: /);
    await expect(slug).toHaveValue("Not a slug!");
    await followLink(page, summary, /Web address \(slug\)/, slug);
    expect((await storedRow("services", { id: service?.id ?? 0 }))?.slug).toBe("web-development");
  });

  test('"abc" as a price is announced: an alert that takes focus names the price', async ({
    page,
  }) => {
    const service = await storedRow("services", { slug: "mobile-app-development" });
    await signIn(page, ADMIN, `/admin/services/${service?.id}`);
    const price = page.getByLabel("Lowest price (Ksh)");
    if (jsOn()) await untilHydrated(price);
    await price.fill("abc");
    await price.press("Enter");

    const summary = await expectSummaryOfInvalidFields(page, "There is a problem");
    await expect(summary.getByRole("link")).toHaveText([/Lowest price \(Ksh\): Enter an amount/]);
    await followLink(page, summary, /Lowest price/, price);
    // Sent again from the field, still wrong: the new answer's summary takes focus again.
    await price.press("Enter");
    await expect(summaryOf(page)).toBeFocused();
  });

  test("a new team member without an English biography, the summary at the top", async ({
    page,
  }) => {
    await signIn(page, ADMIN, "/admin/team/new");
    const name = page.getByLabel("Name", { exact: true });
    if (jsOn()) await untilHydrated(name);
    await name.fill("Amani Otieno");
    await langInput(page, "Role", "English").fill("Designer");
    await page.getByRole("button", { name: "Save", exact: true }).click();

    const summary = await expectSummaryOfInvalidFields(page, "There is a problem");
    await expect(summary.getByRole("link")).toHaveText([/^Biography \(English\): /]);
    // First in the form: above the first field.
    const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? 0;
    expect(await top(summary)).toBeLessThan(await top(name));
    await expect(page).toHaveTitle(/^Error: /);
    await followLink(page, summary, /Biography/, langInput(page, "Biography", "English"));
    await expectAccessible(page);
  });
});

test("the contact form in French: « Il y a un problème », the title starts with « Erreur »", async ({
  page,
}) => {
  await page.goto("/fr/contact");
  const send = page.getByRole("button", { name: "Envoyer le message" });
  if (jsOn()) await untilHydrated(send);
  await page.getByLabel("Nom", { exact: true }).fill("Amina");
  // The browser lets this address through; the server does not.
  await page.getByLabel("E-mail", { exact: true }).fill("amina@exemple");
  await page.getByLabel("Message", { exact: true }).fill("Un site pour notre coopérative.");
  await send.click();

  const summary = await expectSummaryOfInvalidFields(page, "Il y a un problème");
  await expect(summary.getByRole("link")).toHaveText(["Merci de saisir une adresse e-mail valide"]);
  await expect(page).toHaveTitle(/^Erreur\u00a0: /);
  await expectAccessible(page);
});

test("sign-up in Kiswahili: « Kuna tatizo » and a link per missing field", async ({ page }) => {
  await page.goto("/sw/signup");
  const create = page.locator("main form button[type=submit]").last();
  if (jsOn()) await untilHydrated(create);
  await create.click();

  const summary = await expectSummaryOfInvalidFields(page, "Kuna tatizo");
  expect(await summary.getByRole("link").count()).toBeGreaterThanOrEqual(4);
  await expect(page).toHaveTitle(/^Hitilafu: /);
});

test("a refusal about the whole form is in the summary as text, the title says Error:", async ({
  page,
}) => {
  await page.goto("/login");
  const email = page.getByLabel("Email Address");
  if (jsOn()) await untilHydrated(email);
  await email.fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const summary = summaryOf(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("listitem")).toHaveText(["Invalid login credentials"]);
  await expect(summary.getByRole("link")).toHaveCount(0);
  await expect(page).toHaveTitle(/^Error: /);

  // Another page: no summary, no "Error:".
  await page.getByRole("link", { name: "Sign up" }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page).not.toHaveTitle(/Error/);
  await expect(summaryOf(page)).toHaveCount(0);
});
