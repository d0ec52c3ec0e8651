/**
 * Invitations into a client organisation, as the agency and the invitee live them: the admin
 * creates a client and invites someone in their language; the invitee, on a 360 px phone,
 * opens the mailed link, signs up (or signs in) with the invited address, comes back to the
 * invitation and accepts; the link then says it was used, a forged one that it is not valid, an
 * expired one that it expired; the agency removes a person again after confirming. With
 * JavaScript on and off (projects js and nojs).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser, DEFAULT_PASSWORD, uniqueEmail } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { jsOn } from "./helpers/js";
import { latestMail } from "./helpers/mailbox";

test.beforeAll(ensureAdminOnboarded);

const PHONE = { width: 360, height: 740 };

/** The admin creates a client and invites `email`; the invitation mail's link. */
async function inviteAsAdmin(
  page: Page,
  invitation: { client: string; email: string; role: "Owner" | "Member"; language: string },
  mailSubject: RegExp,
) {
  await signIn(page, ADMIN, "/admin/clients");
  await page.getByLabel("Company name").fill(invitation.client);
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: invitation.client })).toBeVisible();
  await expect(page.getByText(`Client ${invitation.client} created`).last()).toBeVisible();
  await page.getByLabel("E-mail address").fill(invitation.email);
  await page.getByLabel("Role").selectOption({ label: invitation.role });
  await page.getByLabel("Language of the e-mail").selectOption({ label: invitation.language });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page
      .getByText(`Invitation for ${invitation.email} saved; its e-mail is queued for sending`)
      .last(),
  ).toBeVisible();
  const waiting = page.getByRole("table", { name: "Invitations not yet accepted" });
  await expect(waiting.getByRole("row").filter({ hasText: invitation.email })).toContainText(
    invitation.role,
  );
  await expectAccessible(page);
  const mail = await latestMail(invitation.email, mailSubject);
  const link = mail.links[0];
  if (!link) throw new Error("the invitation mail has no link");
  return new URL(link).pathname;
}

/** A phone of its own for the invitee, with JavaScript as the project has it. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: jsOn() });
  return context.newPage();
}

test("a new client person accepts a Kiswahili invitation by signing up on a phone", async ({
  page,
  browser,
}) => {
  test.slow();
  const client = `Mwanzo Traders ${Date.now()}`;
  const email = uniqueEmail("invitee");
  const path = await inviteAsAdmin(
    page,
    { client, email, role: "Owner", language: "Kiswahili" },
    new RegExp(`^Mwaliko wa kujiunga na ${client}`),
  );
  expect(path).toMatch(/^\/sw\/invitations\//);

  const invitee = await phone(browser);
  await invitee.goto(path);
  await expect(
    invitee.getByRole("heading", { level: 1, name: `Jiunge na ${client}` }),
  ).toBeVisible();
  await expect(invitee.getByText(`Mwaliko huu ni wa ${email}.`)).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole("link", { name: "Fungua akaunti" }).click();
  await expect(invitee).toHaveURL(/\/sw\/signup\?/);
  await expect(invitee.getByLabel("Anwani ya barua pepe")).toHaveValue(email);
  await invitee.getByLabel("Jina la kwanza").fill("Neema");
  await invitee.getByLabel("Jina la mwisho").fill("Otieno");
  await invitee.getByLabel("Nenosiri", { exact: true }).fill(DEFAULT_PASSWORD);
  await invitee.getByLabel("Thibitisha nenosiri").fill(DEFAULT_PASSWORD);
  await invitee.getByLabel(/^Nakubali/).check();
  await invitee.getByRole("button", { name: "Fungua Akaunti" }).click();
  await expect(invitee).toHaveURL("/sw/");

  // The confirmation mail's link (and its Continue button) signs in and comes back here.
  const confirmation = await latestMail(email, /^(?!Mwaliko)/);
  await invitee.goto(confirmation.links[0] ?? "");
  await invitee
    .locator("main form")
    .filter({ has: invitee.locator('input[name="token_hash"]') })
    .getByRole("button")
    .click();
  await expect(invitee).toHaveURL(path);
  await invitee.getByRole("button", { name: "Kubali mwaliko" }).click();
  await expect(invitee).toHaveURL("/sw/dashboard");
  await expect(invitee.getByText(`Sasa wewe ni mwanachama wa ${client}.`).last()).toBeVisible();
  await expect(
    invitee.locator('section[aria-labelledby="your-organisations-title"]'),
  ).toContainText(`${client} · Mmiliki`);

  // The new account's onboarding survey comes first (it closes only by finishing: "Endelea" ×4,
  // "Maliza"); then, as the organisation's owner, they invite a colleague from its page.
  const wizard = invitee.getByRole("dialog");
  for (let step = 0; step < 4; step++) {
    // Each step has its own heading: wait for the next one before going on.
    const heading = wizard.getByRole("heading").last();
    const title = (await heading.textContent()) ?? "";
    await wizard.getByRole("button", { name: "Endelea" }).click();
    await expect(heading).not.toHaveText(title);
  }
  await wizard.getByRole("button", { name: "Maliza" }).click();
  await expect(invitee.getByRole("dialog")).toHaveCount(0);
  await invitee.getByRole("link", { name: client }).click();
  await expect(invitee.getByRole("heading", { level: 1, name: client })).toBeVisible();
  const colleague = uniqueEmail("colleague");
  await invitee.getByLabel("Anwani ya barua pepe").fill(colleague);
  await invitee.getByLabel("Jukumu").selectOption({ label: "Mwanachama" });
  await invitee.getByLabel("Lugha ya barua pepe").selectOption({ label: "Kiswahili" });
  await invitee.getByRole("button", { name: "Tuma mwaliko" }).click();
  await expect(
    invitee
      .getByText(
        `Mwaliko wa ${colleague} umehifadhiwa; barua pepe yake iko kwenye foleni ya kutumwa`,
      )
      .last(),
  ).toBeVisible();
  await expect(invitee.getByRole("row").filter({ hasText: colleague })).toContainText("Mwanachama");
  expect((await latestMail(colleague, /^Mwaliko wa kujiunga na /)).links[0]).toContain(
    "/sw/invitations/",
  );
  await expectAccessible(invitee);

  // Once: the link now says it was used; a forged one that it is not valid.
  await invitee.goto(path);
  await expect(
    invitee.getByRole("heading", { level: 1, name: "Mwaliko huu umeshatumika" }),
  ).toBeVisible();
  const forged = `${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`;
  const answer = await invitee.goto(forged);
  expect(answer?.status()).toBe(404);
  await expect(
    invitee.getByRole("heading", { level: 1, name: "Kiungo hiki cha mwaliko si halali" }),
  ).toBeVisible();
  await invitee.context().close();
});

test("an existing account accepts an English invitation by signing in; an expired link says so", async ({
  page,
  browser,
}) => {
  test.slow();
  const client = `Savanna Foods ${Date.now()}`;
  const person = await createConfirmedUser({ fullName: "Baraka Mwangi" });
  const path = await inviteAsAdmin(
    page,
    { client, email: person.email, role: "Member", language: "English" },
    new RegExp(`^Invitation to join ${client}`),
  );
  expect(path).toMatch(/^\/invitations\//);

  const invitee = await phone(browser);
  await invitee.goto(path);
  await expect(invitee.getByRole("heading", { level: 1, name: `Join ${client}` })).toBeVisible();
  await invitee.getByRole("link", { name: "Sign in" }).click();
  await expect(invitee.getByLabel("Email Address")).toHaveValue(person.email);
  await invitee.getByLabel("Password", { exact: true }).fill(person.password);
  await invitee.getByRole("button", { name: "Sign In" }).click();
  await expect(invitee).toHaveURL(path);
  await invitee.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(invitee).toHaveURL("/dashboard");
  await expect(invitee.getByText(`You are now a member of ${client}.`).last()).toBeVisible();
  await expect(
    invitee.locator('section[aria-labelledby="your-organisations-title"]'),
  ).toContainText(`${client} · Member`);

  // A second invitation into the same client, left for more than 7 days.
  await page.goto(page.url());
  const late = uniqueEmail("late");
  await page.getByLabel("E-mail address").fill(late);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("row").filter({ hasText: late })).toBeVisible();
  const service = await serviceClient();
  await service
    .from("organisation_invitations")
    .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq("email", late);
  const expired = new URL((await latestMail(late, /^Invitation to join/)).links[0] ?? "").pathname;
  const answer = await invitee.goto(expired);
  expect(answer?.status()).toBe(410);
  await expect(
    invitee.getByRole("heading", { level: 1, name: "This invitation has expired" }),
  ).toBeVisible();
  await expect(invitee.getByText("Invitation links work for 7 days.")).toBeVisible();

  // The agency removes the person again: a confirming step, then they no longer see the client.
  await page.getByRole("link", { name: `Remove ${person.email} from the client` }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: `Remove ${person.email}?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(
    page.getByText(`${person.email} removed: they no longer see this client`).last(),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: person.email })).toHaveCount(0);
  await invitee.goto("/dashboard");
  await expect(invitee.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(invitee.getByText(client)).toHaveCount(0);
  await invitee.context().close();
});
