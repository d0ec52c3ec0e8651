/**
 * Issue 42's "Done when" walk, once, as a new agency and a new client contact go through it:
 * the agency creates a client, invites a contact in Kiswahili, creates a project (a milestone
 * without a title is answered by the error summary first, as is an empty update), two
 * milestones, an update and a deliverable whose first version it marks ready; the contact, on a
 * 360 px phone (without JavaScript in the `nojs` project), accepts the invitation by signing up,
 * goes through onboarding, finds the project from the dashboard, uploads a logo to the project's
 * files, requests changes with a reason, approves the second version and writes in the thread;
 * the agency is mailed about the message, sees the decisions on the project's page, downloads
 * them as a CSV file and finds the client's logo among the project's files.
 */
import { expect, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded } from "./admin-helpers";
import { uniqueEmail } from "./helpers/auth";
import { PHONE, phone, uploadAndMarkReady } from "./helpers/client-project";
import { expectSummaryOfInvalidFields, followSummaryLink } from "./helpers/error-summary";
import {
  acceptBySigningUpInKiswahili,
  finishOnboardingInKiswahili,
  inviteAsAdmin,
} from "./helpers/invitations";
import { latestMail } from "./helpers/mailbox";

test.beforeAll(ensureAdminOnboarded);

test("the agency sets up a client's project; the contact joins in Kiswahili, decides and writes", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const client = `Upepo Crafts ${stamp}`;
  const title = `Tovuti ya Upepo ${stamp}`;
  const email = uniqueEmail("contact");

  // The agency: a client, its contact invited in Kiswahili, a project from the client's page.
  const invitation = await inviteAsAdmin(
    page,
    { client, email, role: "Owner", language: "Kiswahili" },
    new RegExp(`^Mwaliko wa kujiunga na ${client}`),
  );
  await page.getByRole("link", { name: "New project" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Web Development" });
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Active" });
  await page.getByRole("button", { name: "Create project" }).click();
  await page
    .getByRole("table", { name: `Projects of ${client}` })
    .getByRole("link", { name: title })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const agencyPath = new URL(page.url()).pathname;

  // A milestone without its title: the summary takes focus and names the field.
  await page.getByRole("button", { name: "Add milestone" }).click();
  const milestone = await expectSummaryOfInvalidFields(page, "There is a problem");
  await expect(milestone.getByRole("link")).toHaveText(["Milestone: Enter the milestone’s title."]);
  const milestoneTitle = page.getByLabel("Milestone", { exact: true });
  await followSummaryLink(page, milestone, /^Milestone:/, milestoneTitle);
  for (const [name, due] of [
    ["Michoro", "2027-01-15"],
    ["Uzinduzi", "2027-02-26"],
  ] as const) {
    await milestoneTitle.fill(name);
    await page.getByLabel("Milestone due date").fill(due);
    await page.getByRole("button", { name: "Add milestone" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  }
  // An empty update: the same.
  await page.getByRole("button", { name: "Post update" }).click();
  const update = await expectSummaryOfInvalidFields(page, "There is a problem");
  await expect(update.getByRole("link")).toHaveText(["New update: Write something first."]);
  await page.getByLabel("New update").fill("Karibu! Tunaanza na michoro ya nembo.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("Update posted: the client sees it now").last()).toBeVisible();
  // A deliverable, its first version shown to the client.
  await page.getByLabel("Deliverable", { exact: true }).fill("Logo");
  await page.getByRole("button", { name: "Add deliverable" }).click();
  const logo = page.getByRole("article", { name: "Logo" });
  await uploadAndMarkReady(page, logo, 1, "Mawazo matatu");

  // The contact, on a phone: the invitation accepted by signing up, the onboarding survey, then
  // the project found from the dashboard.
  const contact = await phone(browser);
  await contact.goto(invitation);
  await acceptBySigningUpInKiswahili(contact, invitation, {
    email,
    firstName: "Zawadi",
    lastName: "Njeri",
  });
  await finishOnboardingInKiswahili(contact);
  await contact.getByRole("link", { name: client }).click();
  await expect(contact.getByRole("link", { name: "Nenda kwenye dashibodi yako" })).toBeVisible();
  await contact.getByRole("link", { name: title }).click();
  await expect(contact.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(contact.getByText("Karibu! Tunaanza na michoro ya nembo.")).toBeVisible();
  await expect(
    contact.getByRole("region", { name: "Hatua muhimu" }).getByRole("listitem"),
  ).toHaveText([/Michoro.*Inakuja/, /Uzinduzi.*Inakuja/]);
  // Their logo, sent from the project's files page (a plain form: no JavaScript needed).
  await contact.getByRole("link", { name: "Faili za mradi huu" }).click();
  await contact
    .locator("main form")
    .getByLabel("Faili", { exact: true })
    .setInputFiles({ name: "nembo.png", mimeType: "image/png", buffer: await pngOf(64, 64) });
  await contact.getByRole("button", { name: "Tuma faili" }).click();
  await expect(contact.getByText("nembo.png imepokelewa.").last()).toBeVisible();
  await expect(contact.getByRole("link", { name: "nembo.png" })).toBeVisible();
  await contact.getByRole("link", { name: "Rudi kwenye mradi" }).click();
  const waiting = contact.getByRole("region", { name: "Yanasubiri uamuzi wako" });
  await expect(waiting.getByRole("heading", { name: "Logo — Toleo 1" })).toBeVisible();
  await waiting
    .getByLabel("Nini kibadilike? (lazima ili kuomba mabadiliko)")
    .fill("Herufi ziwe kubwa zaidi, tafadhali.");
  await waiting.getByRole("button", { name: "Omba mabadiliko" }).click();
  await expect(contact.getByText("Umeomba mabadiliko ya toleo 1 la Logo").last()).toBeVisible();

  // The agency reads the reason and shows the second version.
  await page.goto(agencyPath);
  await expect(logo.getByText("Herufi ziwe kubwa zaidi, tafadhali.")).toBeVisible();
  await uploadAndMarkReady(page, logo, 2, "Herufi kubwa");

  // The contact approves it and writes in the thread.
  const projectPath = new URL(contact.url()).pathname;
  await contact.goto(projectPath);
  await expect(waiting.getByRole("heading", { name: "Logo — Toleo 2" })).toBeVisible();
  await waiting.getByRole("button", { name: "Idhinisha" }).click();
  await expect(contact.getByText("Umeidhinisha toleo 2 la Logo").last()).toBeVisible();
  await expect(contact.getByText("Aliidhinisha toleo 2", { exact: true })).toBeVisible();
  // The history is theirs to keep too, in their language.
  const theirs = contact.getByRole("link", { name: "Pakua historia ya maamuzi (CSV)" });
  const file = await contact.request.get((await theirs.getAttribute("href")) ?? "");
  expect((await file.text()).split("\r\n").slice(0, 3)).toEqual([
    expect.stringMatching(/^Kazi ya kuwasilishwa,Toleo,Faili,Uamuzi,Sababu,Aliyeamua,/),
    expect.stringContaining("Logo,1,logo.pdf,Mabadiliko yameombwa,"),
    expect.stringContaining("Logo,2,logo.pdf,Limeidhinishwa,,Zawadi Njeri,"),
  ]);
  const thread = contact.getByRole("region", { name: "Ujumbe" });
  await thread.getByLabel("Ujumbe wako").fill("Asante! Nembo ni nzuri sana.");
  await thread.getByRole("button", { name: "Tuma ujumbe" }).click();
  await expect(contact.getByText("Ujumbe umetumwa").last()).toBeVisible();
  await expect(thread.getByRole("listitem").filter({ hasText: "Asante!" })).toContainText(
    "Zawadi Njeri · mteja ·",
  );
  expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  // (axe on these pages: client-deliverables and client-messages.spec.ts.)
  await contact.context().close();

  // The agency: the message's mail, the decisions on the page and in the exported history.
  const notice = await latestMail(ADMIN.email, `New message about ${title}`, 20_000);
  expect(notice.text).toContain("Asante! Nembo ni nzuri sana.");
  await page.goto(agencyPath);
  await expect(
    logo.getByRole("listitem").filter({ hasText: /Approved version|Requested changes/ }),
  ).toHaveText([
    new RegExp(`Approved version 2.*Zawadi Njeri \\(${email}\\)`),
    /Requested changes to version 1.*Herufi ziwe kubwa zaidi, tafadhali\..*Zawadi Njeri/,
  ]);
  const history = page.getByRole("link", { name: "Download the decision history (CSV)" });
  const csv = await page.request.get((await history.getAttribute("href")) ?? "");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="project-\d+/);
  const rows = (await csv.text()).split("\r\n");
  expect(rows[1]).toContain(
    `Logo,1,logo.pdf,Changes requested,"Herufi ziwe kubwa zaidi, tafadhali.",Zawadi Njeri,${email},`,
  );
  expect(rows[2]).toContain(`Logo,2,logo.pdf,Approved,,Zawadi Njeri,${email},`);

  // And the client's logo among the project's files.
  await page.getByRole("link", { name: "Files of this project" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "nembo.png" })).toContainText(
    "Sent by: Zawadi Njeri · the client",
  );
});
