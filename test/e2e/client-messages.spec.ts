/**
 * A project's thread (issue 42 item 5), as both sides live it: the client's owner writes in
 * Kiswahili on a 360 px phone (an empty message is worded under the field first), the agency
 * sees "1 unread message" on the client's page in /admin and answers from the project's page,
 * the owner sees "1 unread message" on the organisation's page, reads the reply, and the count
 * is gone. Each side is mailed about the other's message (in its language, linked to #messages). With JavaScript on and off (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { clientProject, PHONE, phone } from "./helpers/client-project";
import { latestMail } from "./helpers/mailbox";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

test("the client writes in Kiswahili, the agency answers, the client reads the reply", async ({
  page,
  browser,
}) => {
  // A title of its own: the admin's mailbox holds the other runs' notices too.
  const title = `Duka la mtandaoni ${Date.now()}`;
  const client = await clientProject(`Chai Bora ${Date.now()}`, {
    title,
    ownerName: "Amina Wanjiru",
  });
  // The owner reads the portal, and gets its mails, in Kiswahili.
  await (await serviceClient()).auth.admin.updateUserById(client.owner.id, {
    user_metadata: { full_name: "Amina Wanjiru", onboarded: true, locale: "sw" },
  });
  const owner = await phone(browser);
  const clientPath = `/sw/organisations/${client.id}/projects/${client.project}`;
  await openSignedIn(owner, client.owner, clientPath);
  const thread = owner.getByRole("region", { name: "Ujumbe" });
  await expect(thread.getByText("Bado hakuna ujumbe. Andika wa kwanza hapa chini.")).toBeVisible();
  await thread.getByRole("button", { name: "Tuma ujumbe" }).click();
  const field = owner.getByLabel("Ujumbe wako");
  await expect(field).toHaveAccessibleDescription(/Andika ujumbe wako/);
  await expect(owner.getByRole("alert").filter({ hasText: "Kuna tatizo" })).toBeVisible();
  await field.fill("Habari! Tunahitaji nembo mpya. Mfano: https://example.com/mfano");
  await owner.getByRole("button", { name: "Tuma ujumbe" }).click();
  await expect(owner.getByText("Ujumbe umetumwa").last()).toBeVisible();
  const mine = thread.getByRole("listitem").filter({ hasText: "Tunahitaji nembo mpya" });
  await expect(mine).toContainText("Amina Wanjiru · mteja ·");
  await expect(mine.getByRole("link", { name: "https://example.com/mfano" })).toHaveAttribute(
    "rel",
    "noopener noreferrer nofollow",
  );
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(owner);

  // The agency is mailed (the job runs at once: nobody was mailed about this thread before).
  const notice = await latestMail(ADMIN.email, `New message about ${title}`, 20_000);
  expect(notice.text).toContain("Tunahitaji nembo mpya");
  expect(notice.links[0]).toMatch(
    new RegExp(`/admin/clients/${client.id}/projects/${client.project}#messages$`),
  );

  // The agency: the client's page counts the unread message; the project's page answers it.
  await signIn(page, ADMIN, `/admin/clients/${client.id}`);
  await page.getByRole("link", { name: "1 unread message" }).click();
  await expect(page).toHaveURL(/#messages$/);
  const agencyThread = page.getByRole("region", { name: "Messages" });
  await expect(
    agencyThread.getByText("Habari! Tunahitaji nembo mpya.", { exact: false }),
  ).toBeVisible();
  await agencyThread.getByLabel("Your message").fill("Karibu! Tutatuma michoro Ijumaa.");
  await agencyThread.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent").last()).toBeVisible();
  await expect(agencyThread.getByText("Karibu! Tutatuma michoro Ijumaa.")).toBeVisible();
  const answer = await latestMail(client.owner.email, `Ujumbe mpya kuhusu ${title}`, 20_000);
  expect(answer.text).toContain("Habari Amina Wanjiru,");
  expect(answer.links[0]).toMatch(
    new RegExp(`/sw/organisations/${client.id}/projects/${client.project}#messages$`),
  );
  await page.goto(`/admin/clients/${client.id}`);
  await expect(page.getByText(/unread message/)).toHaveCount(0);

  // The client: one unread message on the organisation's page, none once the thread is read.
  await owner.goto(`/sw/organisations/${client.id}`);
  await owner.getByRole("link", { name: "ujumbe 1 haujasomwa" }).click();
  const reply = thread.getByRole("listitem").filter({ hasText: "Karibu!" });
  await expect(reply).toContainText("· wakala ·");
  await owner.goto(`/sw/organisations/${client.id}`);
  await expect(owner.getByRole("link", { name: title })).toBeVisible();
  await expect(owner.getByText(/haujasomwa|hazijasomwa/)).toHaveCount(0);
  await owner.context().close();
});
