/**
 * Invitations into a client organisation, as the agency and the invitee live them: the admin
 * creates a client and invites someone in their language; the invitee, on a 360 px phone,
 * opens the mailed link, signs up (or signs in) with the invited address, comes back to the
 * invitation and accepts; the link then says it was used, a forged one that it is not valid, an
 * expired one that it expired; the agency removes a person again after confirming. With
 * JavaScript on and off (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ensureAdminOnboarded } from "./admin-helpers";
import { createConfirmedUser, uniqueEmail } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { phone } from "./helpers/client-project";
import { acceptBySigningUp, finishOnboarding, inviteAsAdmin } from "./helpers/invitations";
import { latestMail } from "./helpers/mailbox";

test.beforeAll(ensureAdminOnboarded);

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
  await acceptBySigningUp(invitee, "sw", path, {
    email,
    firstName: "Neema",
    lastName: "Otieno",
  });
  await expect(invitee.getByText(`Sasa wewe ni mwanachama wa ${client}.`).last()).toBeVisible();
  await expect(
    invitee.locator('section[aria-labelledby="your-organisations-title"]'),
  ).toContainText(`${client} · Mmiliki`);

  // The new account's onboarding survey comes first (it closes only by finishing: "Endelea" ×4,
  // "Maliza"); then, as the organisation's owner, they invite a colleague from its page.
  await finishOnboarding(invitee, "sw");
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
