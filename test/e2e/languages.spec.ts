import { expect, type Page, test } from "@playwright/test";
import { createConfirmedUser, uniqueEmail } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { EMPTY_SIGNUP, submitEmptyForm } from "./helpers/empty-form";
import { fieldError } from "./helpers/error-summary";
import { latestMail } from "./helpers/mailbox";

/**
 * Kiswahili and French (issue 18), with JavaScript on (`js`) and off (`nojs`): the switcher keeps
 * the visitor on the same page and the choice survives navigation; forms answer in the page's
 * language, e-mails too; no untranslated message key ever reaches a page.
 */
const header = (page: Page) => page.locator("body > header");

async function expectNoMessageKeys(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(
    /\b(common|nav|footer|language|errors|meta|home|chat|services|contact|validation|auth|confirm|blog|newsletter|newsletterLink|portfolio|account|survey|legal)\.[a-z][A-Za-z]+\b/,
  );
}

test("a visitor switches to Kiswahili on a service page and stays on that service", async ({
  page,
  context,
}) => {
  await page.goto("/services/web-development");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await header(page)
    .getByRole("navigation", { name: "Language" })
    .getByRole("link", {
      name: "Kiswahili",
    })
    .click();
  await expect(page).toHaveURL("/sw/services/web-development");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utengenezaji wa Tovuti");
  await expect(page.getByTestId("price-range")).toHaveText("Ksh 50,000 – 300,000");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "lang")?.value).toBe("sw");
  await expectNoMessageKeys(page);
});

test("the language choice survives navigation", async ({ page }) => {
  await page.goto("/fr/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL("/fr/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nos services");
  await page.getByRole("link", { name: /En savoir plus\s+sur SMS en masse/ }).click();
  await expect(page).toHaveURL("/fr/services/bulk-sms");
  await expect(page.getByTestId("price-range")).toContainText("par SMS");
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL("/fr/blog");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // English articles are marked as such; the French translation of the first article is found
  // by a search (posts other tests publish meanwhile may push it to a later page).
  await expect(page.getByText("Anglais").first()).toBeVisible();
  await page.goto("/fr/blog?q=Pourquoi");
  await expect(
    page.getByRole("link", { name: /Pourquoi chaque entreprise kényane/ }),
  ).toBeVisible();
  await page.getByRole("link", { name: /Pourquoi chaque entreprise kényane/ }).click();
  await expect(page).toHaveURL(/\/fr\/blog\/\d+$/);
  await expect(page.getByRole("link", { name: "Retour au blog" })).toBeVisible();
  await expectNoMessageKeys(page);
});

test("a Kiswahili reader asked to sign in does so in Kiswahili and comes back to the page", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await page.goto("/sw/dashboard");
  await expect(page).toHaveURL("/sw/login?redirectTo=%2Fsw%2Fdashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator("main").getByRole("button", { name: "Ingia" }).click();
  await expect(page).toHaveURL("/sw/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expectNoMessageKeys(page);
});

test("a visitor signs up in French and gets French validation messages and a French e-mail", async ({
  page,
}) => {
  const email = uniqueEmail("fr-signup");
  await submitEmptyForm(page, EMPTY_SIGNUP.fr);
  await page.getByLabel("Prénom").fill("Awa");
  await page.getByLabel("Nom", { exact: true }).fill("Diop");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("court");
  await page.getByLabel("Confirmer le mot de passe").fill("autre");
  await page.getByLabel(/J’accepte les conditions/).check();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(
    fieldError(page, "Le mot de passe doit contenir au moins 8 caractères", { exact: true }),
  ).toBeVisible();
  await page.getByLabel("Mot de passe", { exact: true }).fill("mot-de-passe-1");
  await page.getByLabel("Confirmer le mot de passe").fill("mot-de-passe-1");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL("/fr/");
  await expect(
    page.getByText("Consultez votre boîte e-mail pour confirmer votre compte."),
  ).toBeVisible();

  const mail = await latestMail(email, "Jenga Digital: Confirmez votre inscription");
  expect(mail.text).toContain("Suivez ce lien pour confirmer votre compte");
  const link = new URL(mail.links[0] ?? "");
  expect(link.searchParams.get("next")).toBe("/fr/dashboard");
  // The link opens the French "Continue" page (the link names /auth/confirm).
  await page.goto(link.toString());
  await expect(page).toHaveURL(/\/fr\/auth\/confirm\?/);
  await expect(page.getByRole("heading", { name: "Confirmez votre adresse e-mail" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmer et continuer" }).click();
  await expect(page).toHaveURL("/fr/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("a Kiswahili reader subscribes, gets the confirmation mail in Kiswahili and confirms", async ({
  page,
}) => {
  const email = uniqueEmail("sw-newsletter");
  await page.goto("/sw/blog");
  const box = page.getByRole("region", { name: "Jiandikishe kupokea jarida letu" });
  await box.getByLabel("Anwani ya barua pepe").fill(email);
  await box.getByRole("button", { name: "Jiandikishe" }).click();
  await expect(page.getByText(/^Angalia sanduku lako la barua pepe/)).toBeVisible();

  const mail = await latestMail(email, /^Thibitisha kujiandikisha kwako/);
  expect(mail.text).toContain("Tafadhali thibitisha");
  const [confirmLink] = mail.links;
  expect(new URL(confirmLink ?? "").pathname).toBe("/sw/newsletter/confirm");
  await page.goto(confirmLink ?? "");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await page.getByRole("button", { name: "Thibitisha kujiandikisha" }).click();
  await expect(page.getByText(`Asante! ${email} imeandikishwa kupokea jarida letu.`)).toBeVisible();
  await expectNoMessageKeys(page);
});

test("a French quote request names the service in French", async ({ page }) => {
  await page.goto("/fr/contact?service=bulk-sms");
  const service = page.getByRole("combobox", { name: "Service" });
  await expect(service).toHaveValue("bulk-sms");
  await expect(service.locator("option:checked")).toHaveText("SMS en masse");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Bonjour, je souhaite un devis pour SMS en masse. ",
  );
  await expectNoMessageKeys(page);
});

test("unknown pages answer 404 in the page's language; other prefixes are plain 404s", async ({
  page,
}) => {
  const sw = await page.goto("/sw/hakuna-ukurasa");
  expect(sw?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Ukurasa Haupatikani" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  const de = await page.goto("/de/services");
  expect(de?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("the translated pages pass axe", async ({ page }) => {
  for (const path of [
    "/sw/",
    "/fr/services/web-development",
    "/sw/blog",
    "/fr/contact",
    "/sw/login",
  ]) {
    await page.goto(path);
    await expectAccessible(page);
  }
});

/** The language each matching element is read in: its nearest `lang`. */
const languagesOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) => elements.map((e) => e.closest("[lang]")?.getAttribute("lang")));

test("an English post on Kiswahili pages marks its own words English and the page's Kiswahili", async ({
  page,
}) => {
  await page.goto("/sw/blog");
  const card = page.locator("article", { hasText: "Choosing Reliable Web Hosting" });
  await expect(card).toHaveAttribute("lang", "en");
  await expect(card.locator('[lang="sw"] time')).toHaveText(/Mei|Aprili|Machi|Juni/);
  await expect(card.locator('[lang="sw"]', { hasText: "Kiingereza" })).toBeVisible();

  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/sw\/blog\/\d+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await expect(page.locator('h1[lang="en"]')).toHaveText("Choosing Reliable Web Hosting");
  await expect(page.locator('[data-testid="post-content"]')).toHaveAttribute("lang", "en");
  // Dates and reading times are the page's own words, in the post and in its related posts.
  await expect(page.locator("article time").first()).toHaveText(/Mei|Aprili|Machi|Juni/);
  const dates = await languagesOf(page, "time");
  expect(dates.length).toBeGreaterThan(1);
  expect(dates.every((lang) => lang === "sw")).toBe(true);
  // Related English posts are marked like the cards of the list.
  const related = page.locator('section[aria-labelledby="related-heading"] li[lang="en"]');
  expect(await related.count()).toBeGreaterThan(0);
  for (const item of await related.all()) {
    await expect(item.locator('[lang="sw"]', { hasText: "Kiingereza" })).toBeVisible();
  }
});

test.describe("the suggestion of a first visit", () => {
  test.use({ locale: "sw-KE", extraHTTPHeaders: { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.5" } });

  test("is offered on / once, in Kiswahili, and remembers the answer", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const banner = page.getByRole("complementary", { name: "Pendekezo la lugha" });
    await expect(banner).toBeVisible();
    await expect(page).toHaveURL("/");
    await banner.getByRole("link", { name: "Endelea kwa Kiswahili" }).click();
    await expect(page).toHaveURL("/sw/");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("sw");
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "Pendekezo la lugha" })).toHaveCount(0);
  });
});
