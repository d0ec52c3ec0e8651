import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { createConfirmedUser } from "./helpers/auth";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { latestMail } from "./helpers/mailbox";
import { searchFor } from "./helpers/search";
import { addSession } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
/** The e2e server's CONTACT_EMAIL (the default). */
const AGENCY = "hello@jengadigital.co.ke";

async function sendContactMessage(page: Page, name: string, email: string, text: string) {
  await page.goto("/contact");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent! We will get back to you shortly.")).toBeVisible();
}

test("a visitor's message notifies the agency; the admin opens it from /admin and files it", async ({
  page,
}) => {
  test.slow();
  const id = unique();
  const name = `Visitor ${id}`;
  const email = `lead-${id}@example.com`;
  await sendContactMessage(page, name, email, `We need a shop.\nWith <b>M-Pesa</b> ${id}.`);

  const mail = await latestMail(AGENCY, `New message from ${name}`);
  // A browser posts a textarea's line breaks as CRLF: the message keeps what was sent.
  expect(mail.text.replaceAll("\r\n", "\n")).toContain(
    `We need a shop.\nWith <b>M-Pesa</b> ${id}.`,
  );
  expect(mail.headers?.["Reply-To"]).toBe(email);
  // When, in the agency's time zone as the admin pages show it (not a raw UTC timestamp).
  expect(mail.text).toMatch(
    /\nSent: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M East Africa Time\n/,
  );
  const link = new URL(mail.links[0] ?? "");
  expect(link.pathname).toMatch(/^\/admin\/messages\/\d+$/);

  await page.context().clearCookies();
  await signIn(page, ADMIN, "/admin");
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await page.getByRole("region", { name: "Newest messages" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(link.pathname);
  await expect(page.getByTestId("message-text")).toHaveText(
    `We need a shop.\nWith <b>M-Pesa</b> ${id}.`,
  );
  await expect(page.getByText("Anonymous visitor")).toBeVisible();
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  await expect(reply).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${email.replace(/[.+]/g, "\\$&")}\\?subject=Re`),
  );
  await expectAccessible(page);

  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByText("Marked as handled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();

  await page.goto("/admin/messages");
  await page.getByLabel("Search", { exact: true }).fill(email);
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByText("No messages match.")).toBeVisible();
  await page.getByLabel("Status").selectOption("handled");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("a reader confirms the newsletter from the e-mail, then unsubscribes without signing in", async ({
  page,
}) => {
  test.slow();
  const email = `reader-${unique()}@example.com`;
  await page.goto("/blog");
  const box = page.getByRole("region", { name: "Subscribe to our newsletter" });
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Check your inbox to confirm your subscription.")).toBeVisible();

  const mail = await latestMail(email, /^Confirm your subscription/);
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const [confirmLink, unsubscribeLink] = mail.links;
  await page.goto(confirmLink ?? "");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(
    page.getByText(`Thank you! ${email} is subscribed to our newsletter.`),
  ).toBeVisible();
  const service = await serviceClient();
  const status = async () =>
    (await service.from("newsletter_subscribers").select("status").eq("email", email).single()).data
      ?.status;
  expect(await status()).toBe("confirmed");

  await page.goto(unsubscribeLink ?? "");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`${email} is unsubscribed.`, { exact: false })).toBeVisible();
  expect(await status()).toBe("unsubscribed");
});

test("an admin makes a colleague an admin, then revokes it again", async ({ page }) => {
  test.slow();
  const colleague = await createConfirmedUser({ fullName: "Colleague Kamau" });
  const service = await serviceClient();
  const isAdmin = async () =>
    (await service.auth.admin.getUserById(colleague.id)).data.user?.app_metadata.is_admin;
  await signIn(page, ADMIN, "/admin/people");
  await searchFor(page, colleague.email);
  await page.getByRole("link", { name: `Make admin: ${colleague.email}` }).click();
  await expect(page.getByRole("heading", { name: "Make this account an admin?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Yes, make admin" }).click();
  await expect(page.getByText("Admin rights granted")).toBeVisible();
  expect(await isAdmin()).toBe(true);

  await searchFor(page, colleague.email);
  await page.getByRole("link", { name: `Revoke admin: ${colleague.email}` }).click();
  await page.getByRole("button", { name: "Yes, revoke rights" }).click();
  await expect(page.getByText("Admin rights revoked")).toBeVisible();
  expect(await isAdmin()).toBe(false);

  // Nobody revokes their own rights: the admin's own row offers no link.
  await page.goto(`/admin/people?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(page.getByRole("link", { name: `Revoke admin: ${ADMIN.email}` })).toHaveCount(0);
});

test("a client's message in Kiswahili: the admin sees who, in which language, from which page, and replies in Kiswahili", async ({
  page,
  browser,
}) => {
  const id = unique();
  const client = await createConfirmedUser({ fullName: `Achieng ${id}` });
  const visitor = await browser.newContext({
    javaScriptEnabled: test.info().project.name !== "nojs",
  });
  const tab = await visitor.newPage();
  await addSession(tab, client);
  await tab.goto("/sw/contact");
  await tab.getByLabel("Jina").fill(`Achieng ${id}`);
  await tab.getByLabel("Barua pepe").fill(client.email);
  await tab.getByLabel("Ujumbe", { exact: true }).fill(`Tunahitaji tovuti mpya ${id}.`);
  await tab.getByRole("button", { name: "Tuma Ujumbe" }).click();
  await expect(tab.getByText("Ujumbe umetumwa!")).toBeVisible();
  await visitor.close();
  // The sender's copy of what they sent, in the language they wrote in.
  const copy = await latestMail(client.email, "Nakala ya ujumbe wako kwa Jenga Digital");
  expect(copy.text).toContain(`Tunahitaji tovuti mpya ${id}.`);

  await signIn(page, ADMIN, `/admin/messages?q=${encodeURIComponent(client.email)}`);
  await page
    .getByRole("link", { name: `Achieng ${id}` })
    .first()
    .click();
  const view = page.getByRole("article", { name: `Message from Achieng ${id}` });
  const sender = view.getByRole("link", { name: `Achieng ${id}` });
  await expect(sender).toHaveAttribute(
    "href",
    `/admin/people?q=${encodeURIComponent(client.email)}`,
  );
  await expect(view.getByText("Kiswahili", { exact: true })).toBeVisible();
  await expect(view.getByRole("link", { name: "/sw/contact" })).toBeVisible();
  const reply = await page.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href");
  const url = new URL(reply ?? "");
  expect(url.searchParams.get("subject")).toBe("Re: Ujumbe wako kwetu");
  expect(url.searchParams.get("body")).toMatch(new RegExp(`^Habari Achieng ${id},`));
  await sender.click();
  await expect(page.getByRole("cell", { name: client.email }).first()).toBeVisible();
});
