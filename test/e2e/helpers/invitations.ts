/**
 * Invitations into a client organisation as the agency and the invitee go through them in the
 * browser (client-invitations.spec.ts, client-portal-walk.spec.ts).
 */
import { expect, type Page } from "@playwright/test";
import { ADMIN, signIn } from "../admin-helpers";
import { DEFAULT_PASSWORD } from "./auth";
import { expectAccessible } from "./axe";
import { latestMail } from "./mailbox";

/** The admin creates a client and invites `email`; the path of the invitation mail's link. */
export async function inviteAsAdmin(
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

/**
 * The invitee on the Kiswahili invitation's page (`path`, open in `invitee`): "Fungua akaunti",
 * the sign-up form with the invited address already filled, the confirmation mail's link, back
 * to the invitation, "Kubali mwaliko" — on /sw/dashboard, a member of the client.
 */
export async function acceptBySigningUpInKiswahili(
  invitee: Page,
  path: string,
  person: { email: string; firstName: string; lastName: string },
) {
  await invitee.getByRole("link", { name: "Fungua akaunti" }).click();
  await expect(invitee).toHaveURL(/\/sw\/signup\?/);
  await expect(invitee.getByLabel("Anwani ya barua pepe")).toHaveValue(person.email);
  await invitee.getByLabel("Jina la kwanza").fill(person.firstName);
  await invitee.getByLabel("Jina la mwisho").fill(person.lastName);
  await invitee.getByLabel("Nenosiri", { exact: true }).fill(DEFAULT_PASSWORD);
  await invitee.getByLabel("Thibitisha nenosiri").fill(DEFAULT_PASSWORD);
  await invitee.getByLabel(/^Nakubali/).check();
  await invitee.getByRole("button", { name: "Fungua Akaunti" }).click();
  await expect(invitee).toHaveURL("/sw/");

  // The confirmation mail's link (and its Continue button) signs in and comes back here.
  const confirmation = await latestMail(person.email, /^(?!Mwaliko)/);
  await invitee.goto(confirmation.links[0] ?? "");
  await invitee
    .locator("main form")
    .filter({ has: invitee.locator('input[name="token_hash"]') })
    .getByRole("button")
    .click();
  await expect(invitee).toHaveURL(path);
  await invitee.getByRole("button", { name: "Kubali mwaliko" }).click();
  await expect(invitee).toHaveURL("/sw/dashboard");
}

/** A new account's onboarding survey in Kiswahili, closed by finishing ("Endelea" ×4, "Maliza"). */
export async function finishOnboardingInKiswahili(page: Page) {
  const wizard = page.getByRole("dialog");
  for (let step = 0; step < 4; step++) {
    // Each step has its own heading: wait for the next one before going on.
    const heading = wizard.getByRole("heading").last();
    const title = (await heading.textContent()) ?? "";
    await wizard.getByRole("button", { name: "Endelea" }).click();
    await expect(heading).not.toHaveText(title);
  }
  await wizard.getByRole("button", { name: "Maliza" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
