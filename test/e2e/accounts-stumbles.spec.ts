import { expect, type Page, test } from "@playwright/test";
import { createConfirmedUser, signUp, uniqueEmail } from "./helpers/auth";
import { summaryItems } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";
import { followMailLink, latestMail, listMail } from "./helpers/mailbox";
import { openSignedIn } from "./helpers/session";

/**
 * What a visitor and a new client still stumbled on in a real browser (issue 26), with
 * JavaScript on (`js`) and off (`nojs`): mail actions that claimed sends that never happened,
 * mails offering a code nothing accepts, a newsletter thanking for a subscription not made yet,
 * the language lost across sign-in, and an onboarding that forgot where the client stopped.
 */
const BRAND = "Jenga Digital";
const WAIT = /^You can ask for another mail in (\d+) seconds?\.$/;

const mailsTo = async (email: string) => (await listMail()).filter((m) => m.to === email);

/**
 * The seconds a "you can ask for another mail in N seconds" alert states (the resend box's own
 * alert, or the error summary's item of the page's form).
 */
async function statedWait(page: Page): Promise<number> {
  const alert = page.getByRole("alert").filter({ hasText: /You can ask for another mail/ });
  await expect(alert).toBeVisible();
  const said = page.getByText(WAIT);
  await expect(said).toBeVisible();
  return Number(WAIT.exec((await said.textContent()) ?? "")?.[1]);
}

test("a resend within a minute of sign-up says how long to wait and claims no mail", async ({
  page,
}) => {
  const email = uniqueEmail("early-resend");
  await signUp(page, { email, password: "early-resend-1" });
  await latestMail(email);
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("early-resend-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(summaryItems(page)).toHaveText(["Email not confirmed"]);
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  expect((await response).status()).toBe(429);
  const seconds = await statedWait(page);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(page.getByText("we have sent a new confirmation")).toHaveCount(0);
  // The offer stays, to be pressed again once the wait is over.
  await expect(page.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();
  expect(await mailsTo(email)).toHaveLength(1);
});

test("a second reset within a minute says how long to wait; one mail, named and ending with 'ignore'", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  for (const attempt of [1, 2]) {
    await page.goto("/forgot-password");
    await page.getByLabel("Email Address").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    if (attempt === 1) {
      await expect(
        page.getByRole("status").filter({ hasText: "If an account exists" }),
      ).toBeVisible();
    }
  }
  const seconds = await statedWait(page);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(page.getByLabel("Email Address")).toHaveValue(user.email);
  const mail = await latestMail(user.email, `${BRAND}: Reset your password`);
  expect(await mailsTo(user.email)).toHaveLength(1);
  expect(mail.text.startsWith(`This mail comes from ${BRAND}.`)).toBe(true);
  expect(
    mail.text
      .trim()
      .endsWith("Did not ask for this? Ignore this mail: nothing changes until the link is used."),
  ).toBe(true);
  expect(mail.text).not.toMatch(/\b\d{6}\b|enter this code/i);
});

test("the sign-up mail names the site, offers no code and ends with 'ignore this mail'", async ({
  page,
}) => {
  const email = uniqueEmail("mail-words");
  await signUp(page, { email, password: "mail-words-1" });
  const mail = await latestMail(email, `${BRAND}: Confirm your signup`);
  expect(mail.text).toContain(`This mail comes from ${BRAND}.`);
  expect(mail.html).toContain(`This mail comes from ${BRAND}.`);
  expect(mail.text).not.toMatch(/\b\d{6}\b|enter this code/i);
  expect(mail.html).not.toMatch(/enter this code/i);
  expect(mail.text.trim()).toMatch(/Ignore this mail: nothing changes until the link is used\.$/);
});

for (const [lang, forgotPath, words] of [
  ["en", "/forgot-password", "This password reset link is invalid or has expired."],
  ["sw", "/sw/forgot-password", "Kiungo hiki cha kubadilisha nenosiri si sahihi"],
  ["fr", "/fr/forgot-password", "Ce lien de réinitialisation du mot de passe n’est pas valide"],
] as const) {
  test(`a used reset link is called a reset link, with a way to a new one (${lang})`, async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await page.goto(forgotPath);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator("main form button[type=submit]").click();
    const subject = new RegExp(`^${BRAND}: `);
    const mail = await latestMail(user.email, subject);
    await followMailLink(page, user.email, mail.subject);
    // The link is spent: opened again, it says what it is and lands where a new one is sent.
    await page.context().clearCookies();
    await page.goto(mail.links[0] ?? "");
    await page
      .locator("main form")
      .filter({ has: page.locator('input[name="token_hash"]') })
      .getByRole("button")
      .click();
    await expect(page).toHaveURL(forgotPath);
    await expect(page.getByText(words)).toBeVisible();
    await expect(
      page.getByText(/confirmation link|kiungo hiki cha uthibitisho|lien de confirmation/i),
    ).toHaveCount(0);
  });
}

for (const [lang, path, check, thanks] of [
  ["en", "/newsletter", "Check your inbox to confirm your subscription.", "Thank you!"],
  [
    "sw",
    "/sw/newsletter",
    "Angalia sanduku lako la barua pepe ili kuthibitisha kujiandikisha kwako.",
    "Asante!",
  ],
  [
    "fr",
    "/fr/newsletter",
    "Consultez votre boîte e-mail pour confirmer votre abonnement.",
    "Merci",
  ],
] as const) {
  test(`the newsletter asks to check the inbox and thanks only after the confirm link (${lang})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`news-${lang}`);
    await page.goto(path);
    await page.locator('main input[name="email"]').fill(email);
    await page.locator("main form button[type=submit]").click();
    await expect(page.getByText(check)).toBeVisible();
    await expect(
      page.getByText(
        /Thank you for subscribing|Asante kwa kujiandikisha|Merci pour votre inscription/,
      ),
    ).toHaveCount(0);
    const mail = await latestMail(email, new RegExp(BRAND));
    expect(mail.text).toContain(BRAND);
    expect(mail.text.trim()).toMatch(
      /(nothing will be sent to you|hatutakutumia chochote|nous ne vous enverrons rien)\.$/,
    );
    await page.goto(mail.links[0] ?? "");
    await page.locator("main form button[type=submit]").click();
    await expect(page.getByText(thanks).first()).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
  });
}

test("signing in on a Kiswahili page keeps Kiswahili: the destination and the dashboard", async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await page.goto("/sw/login?redirectTo=%2Fportfolio");
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator("main").getByRole("button", { name: "Ingia" }).click();
  await expect(page).toHaveURL("/sw/portfolio");
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");

  // Without a destination: the dashboard, in the visitor's language (here French).
  await page.context().clearCookies();
  await page.goto("/fr/login");
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator("main form button[type=submit]").first().click();
  await expect(page).toHaveURL("/fr/dashboard");
});

test("onboarding resumes where the client stopped, in another browser", async ({
  page,
  browser,
}) => {
  const client = await createConfirmedUser({ onboarded: false, fullName: "Resume Client" });
  await openSignedIn(page, client, "/dashboard");
  const wizard = page.getByRole("dialog");
  await expect(wizard.getByRole("heading", { name: "About you" })).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByRole("heading", { name: "Role" })).toBeVisible();
  await wizard.getByLabel("Developer", { exact: true }).check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByRole("heading", { name: "Services" })).toBeVisible();
  await wizard.getByLabel("AI Chatbot Assistants").check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByRole("heading", { name: "Discover" })).toBeVisible();

  // Elsewhere (a new browser, no cookies of the first): the wizard opens at step 4 of 5.
  const elsewhere = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: jsOn(),
  });
  const other = await elsewhere.newPage();
  await openSignedIn(other, client, "/dashboard");
  const resumed = other.getByRole("dialog");
  await expect(resumed.getByRole("heading", { name: "Discover" })).toBeVisible();
  await expect(resumed.getByText("Step 4 of 5")).toBeVisible();
  await resumed.getByRole("button", { name: "Back" }).click();
  await expect(resumed.getByRole("heading", { name: "Services" })).toBeVisible();
  await expect(resumed.getByLabel("AI Chatbot Assistants")).toBeChecked();
  await resumed.getByRole("button", { name: "Back" }).click();
  await expect(resumed.getByLabel("Developer", { exact: true })).toBeChecked();
  await elsewhere.close();
});
