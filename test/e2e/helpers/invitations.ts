/**
 * Invitations into a client organisation as the agency and the invitee go through them in the
 * browser (client-invitations.spec.ts, client-portal-walk.spec.ts).
 */

import { TEMPLATES } from "@jenga/supabase-local/mail-templates";
import { expect, type Page } from "@playwright/test";
import type { MessageKey } from "../../../app/i18n/messages";
import { ADMIN, signIn } from "../admin-helpers";
import { DEFAULT_PASSWORD } from "./auth";
import { expectAccessible } from "./axe";
import { inLanguage, type Language, message } from "./catalogue";
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
 * The invitee on the invitation's page (`path`, open in `invitee`) in `language`: "Create an
 * account", the sign-up form with the invited address already filled, the confirmation mail (in
 * that language) and its link, back to the invitation, "Accept the invitation" — on the
 * dashboard in that language, a member of the client. The confirmation mail.
 */
export async function acceptBySigningUp(
  invitee: Page,
  language: Language,
  path: string,
  person: { email: string; firstName: string; lastName: string },
) {
  const say = (key: MessageKey) => message(language, key);
  await invitee.getByRole("link", { name: say("invitations.signUp") }).click();
  await expect(invitee).toHaveURL(new RegExp(`${inLanguage(language, "/signup")}\\?`));
  await expect(invitee.getByLabel(say("common.emailAddress"))).toHaveValue(person.email);
  await invitee.getByLabel(say("auth.firstName"), { exact: true }).fill(person.firstName);
  await invitee.getByLabel(say("auth.lastName"), { exact: true }).fill(person.lastName);
  await invitee.getByLabel(say("common.password"), { exact: true }).fill(DEFAULT_PASSWORD);
  await invitee.getByLabel(say("common.confirmPassword"), { exact: true }).fill(DEFAULT_PASSWORD);
  await invitee.getByLabel(say("auth.agree")).check();
  await invitee.getByRole("button", { name: say("auth.create") }).click();
  await expect(invitee).toHaveURL(inLanguage(language, "/"));

  // The confirmation mail's link (and its Continue button) signs in and comes back here.
  const confirmation = await latestMail(
    person.email,
    new RegExp(`${TEMPLATES[language].signup.subject}$`),
  );
  await invitee.goto(confirmation.links[0] ?? "");
  await invitee
    .locator("main form")
    .filter({ has: invitee.locator('input[name="token_hash"]') })
    .getByRole("button")
    .click();
  await expect(invitee).toHaveURL(path);
  await invitee.getByRole("button", { name: say("invitations.accept") }).click();
  await expect(invitee).toHaveURL(inLanguage(language, "/dashboard"));
  return confirmation;
}

/** A new account's onboarding survey in `language`, closed by finishing ("Next" ×4, "Finish"). */
export async function finishOnboarding(page: Page, language: Language) {
  const wizard = page.getByRole("dialog");
  for (let step = 0; step < 4; step++) {
    // Each step has its own heading: wait for the next one before going on.
    const heading = wizard.getByRole("heading").last();
    const title = (await heading.textContent()) ?? "";
    await wizard.getByRole("button", { name: message(language, "account.next") }).click();
    await expect(heading).not.toHaveText(title);
  }
  await wizard.getByRole("button", { name: message(language, "account.finish") }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
