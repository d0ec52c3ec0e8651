/**
 * Issue 42's "Done when" walk, as a new agency and a new client contact go through it: the agency
 * creates a client, invites a contact in their language, creates a project (a milestone without a
 * title is answered by the error summary first, as is an empty update), two milestones, an update
 * and a deliverable whose first version it marks ready; the contact accepts the invitation by
 * signing up (the confirmation mail in their language), goes through onboarding, finds the project
 * from the dashboard, sends a logo to the project's files, requests changes with a reason,
 * approves the second version and writes in the thread; the agency is mailed about each decision
 * and the message, sees the decisions on the project's page, downloads them as a CSV file, finds
 * the client's logo among the project's files (and downloads it whole) and answers in the thread,
 * which mails the contact in their language.
 *
 * Project `nojs`: the contact in Kiswahili on a 360 px phone without JavaScript, the logo through
 * the plain form. Project `js`: in French on a desktop with JavaScript, a print-size logo through
 * the resumable (tus) uploader in three parts, the connection cut twice on the way
 * (helpers/portal-walk.ts). The contact's words come from the site's catalogues.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded } from "./admin-helpers";
import { uniqueEmail } from "./helpers/auth";
import { inLanguage, literally } from "./helpers/catalogue";
import { uploadAndMarkReady } from "./helpers/client-project";
import { expectSummaryOfInvalidFields, followSummaryLink } from "./helpers/error-summary";
import { acceptBySigningUp, finishOnboarding, inviteAsAdmin } from "./helpers/invitations";
import { jsOn } from "./helpers/js";
import { latestMail } from "./helpers/mailbox";
import { contactBrowser, csvCell, sayer, sendLogo, walkOfThisProject } from "./helpers/portal-walk";

test.beforeAll(ensureAdminOnboarded);

test("the agency sets up a client's project; the contact joins in their language, decides and writes", async ({
  page,
  browser,
}) => {
  // Two people's whole walk (and, with JavaScript, an 11.5 MB upload): ~35 s on a quiet machine,
  // three times that on a busy one.
  test.setTimeout(180_000);
  const walk = walkOfThisProject();
  const say = sayer(walk);
  const stamp = Date.now();
  const client = `${walk.client} ${stamp}`;
  const title = `${walk.project} ${stamp}`;
  const email = uniqueEmail("contact");
  const contactName = `${walk.contact.firstName} ${walk.contact.lastName}`;

  // The agency: a client, its contact invited in their language, a project from the client's page.
  const invitation = await inviteAsAdmin(
    page,
    { client, email, role: "Owner", language: walk.languageOption },
    // The subject in their language (the brand at its end left out).
    new RegExp(
      `^${literally(say("invitations.mailSubject", { organisation: client, brand: "" }).trimEnd())}`,
    ),
  );
  expect(invitation).toMatch(new RegExp(`^${inLanguage(walk.language, "/invitations/")}`));
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
  for (const [name, due] of walk.milestones) {
    await milestoneTitle.fill(name);
    await page.getByLabel("Milestone due date").fill(due);
    await page.getByRole("button", { name: "Add milestone" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  }
  // An empty update: the same.
  await page.getByRole("button", { name: "Post update" }).click();
  const update = await expectSummaryOfInvalidFields(page, "There is a problem");
  await expect(update.getByRole("link")).toHaveText(["New update: Write something first."]);
  await page.getByLabel("New update").fill(walk.update);
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("Update posted: the client sees it now").last()).toBeVisible();
  // A deliverable, its first version shown to the client.
  await page.getByLabel("Deliverable", { exact: true }).fill("Logo");
  await page.getByRole("button", { name: "Add deliverable" }).click();
  const logo = page.getByRole("article", { name: "Logo" });
  await uploadAndMarkReady(page, logo, 1, walk.notes[0]);

  // The contact: the invitation accepted by signing up, the onboarding survey, then the project
  // found from the dashboard.
  const contact = await contactBrowser(browser, walk);
  await contact.goto(invitation);
  await acceptBySigningUp(contact, walk.language, invitation, {
    email,
    firstName: walk.contact.firstName,
    lastName: walk.contact.lastName,
  });
  await finishOnboarding(contact, walk.language);
  await contact.getByRole("link", { name: client }).click();
  await expect(contact.getByRole("link", { name: say("invitations.toDashboard") })).toBeVisible();
  await contact.getByRole("link", { name: title }).click();
  await expect(contact.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(contact.getByText(walk.update)).toBeVisible();
  await expect(
    contact.getByRole("region", { name: say("milestones.heading") }).getByRole("listitem"),
  ).toHaveText(
    walk.milestones.map(([name]) => new RegExp(`${name}.*${say("milestones.upcoming")}`)),
  );
  // Their logo, sent from the project's files page.
  await contact.getByRole("link", { name: say("projectFiles.open") }).click();
  const logoBytes = await sendLogo(contact, walk);
  await contact.getByRole("link", { name: say("projectFiles.back") }).click();
  const waiting = contact.getByRole("region", { name: say("deliverables.waitingHeading") });
  const versionHeading = (number: number) =>
    waiting.getByRole("heading", { name: `Logo — ${say("deliverables.version", { number })}` });
  await expect(versionHeading(1)).toBeVisible();
  await waiting.getByLabel(say("deliverables.reason")).fill(walk.reason);
  await waiting.getByRole("button", { name: say("deliverables.requestChanges") }).click();
  await expect(
    contact.getByText(say("deliverables.youRequestedChanges", { number: 1, title: "Logo" })).last(),
  ).toBeVisible();
  if (jsOn()) {
    // With JavaScript the message is a toast: its region and close button are in their language too.
    const toasts = contact.getByRole("region", {
      name: new RegExp(`^${literally(say("common.toastsLabel"))}`),
    });
    await expect(
      toasts.getByRole("button", { name: say("common.closeToast") }).first(),
    ).toBeAttached();
  }

  // The agency is mailed the decision with its reason, reads it and shows the second version.
  const changes = await latestMail(ADMIN.email, `${client} requested changes to Logo v1`, 20_000);
  expect(changes.text).toContain(walk.reason);
  await page.goto(agencyPath);
  await expect(logo.getByText(walk.reason)).toBeVisible();
  await uploadAndMarkReady(page, logo, 2, walk.notes[1]);

  // The contact approves it and writes in the thread.
  const projectPath = new URL(contact.url()).pathname;
  await contact.goto(projectPath);
  await expect(versionHeading(2)).toBeVisible();
  await waiting.getByRole("button", { name: say("deliverables.approve") }).click();
  await expect(
    contact.getByText(say("deliverables.youApproved", { number: 2, title: "Logo" })).last(),
  ).toBeVisible();
  await expect(
    contact.getByText(say("deliverables.decisionApproved", { number: 2 }), { exact: true }),
  ).toBeVisible();
  // The history is theirs to keep too, in their language.
  const theirs = contact.getByRole("link", { name: say("decisionExport.download") });
  const file = await contact.request.get((await theirs.getAttribute("href")) ?? "");
  const columns = (["deliverable", "version", "file", "decision", "reason", "decidedBy"] as const)
    .map((column) => say(`decisionExport.columns.${column}`))
    .join(",");
  expect((await file.text()).split("\r\n").slice(0, 3)).toEqual([
    expect.stringMatching(new RegExp(`^${literally(columns)},`)),
    expect.stringContaining(`Logo,1,logo.pdf,${say("deliverables.changes_requested")},`),
    expect.stringContaining(`Logo,2,logo.pdf,${say("deliverables.approved")},,${contactName},`),
  ]);
  const thread = contact.getByRole("region", { name: say("thread.heading") });
  await thread.getByLabel(say("thread.label")).fill(walk.note);
  await thread.getByRole("button", { name: say("thread.send") }).click();
  await expect(contact.getByText(say("thread.sent")).last()).toBeVisible();
  await expect(thread.getByRole("listitem").filter({ hasText: walk.note })).toContainText(
    `${contactName} · ${say("thread.sideClient")} ·`,
  );
  expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    walk.screen.width,
  );
  // (axe on these pages: client-deliverables and client-messages.spec.ts.)
  await contact.context().close();

  // The agency: the approval's and the message's mails, the decisions on the page and in the
  // exported history.
  await latestMail(ADMIN.email, `${client} approved Logo v2`, 20_000);
  const notice = await latestMail(ADMIN.email, `New message about ${title}`, 20_000);
  expect(notice.text).toContain(walk.note);
  await page.goto(agencyPath);
  await expect(
    logo.getByRole("listitem").filter({ hasText: /Approved version|Requested changes/ }),
  ).toHaveText([
    new RegExp(`Approved version 2.*${contactName} \\(${literally(email)}\\)`),
    new RegExp(`Requested changes to version 1.*${literally(walk.reason)}.*${contactName}`),
  ]);
  const history = page.getByRole("link", { name: "Download the decision history (CSV)" });
  const csv = await page.request.get((await history.getAttribute("href")) ?? "");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="project-\d+/);
  const rows = (await csv.text()).split("\r\n");
  expect(rows[1]).toContain(
    `Logo,1,logo.pdf,Changes requested,${csvCell(walk.reason)},${contactName},${email},`,
  );
  expect(rows[2]).toContain(`Logo,2,logo.pdf,Approved,,${contactName},${email},`);

  // The agency answers in the thread: the contact is mailed in their language, with the way back.
  const answer = page.getByRole("region", { name: "Messages" });
  await answer.getByLabel("Your message").fill(walk.reply);
  await answer.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent").last()).toBeVisible();
  const mail = await latestMail(
    email,
    say("thread.mailSubject", { count: 1, project: title }),
    20_000,
  );
  expect(mail.text).toContain(walk.reply);
  const back = new URL(mail.links[0] ?? "");
  expect(`${back.pathname}${back.hash}`).toBe(`${projectPath}#messages`);

  // And the client's logo among the project's files, whole.
  await page.getByRole("link", { name: "Files of this project" }).click();
  const sent = page.getByRole("listitem").filter({ hasText: walk.logo.name });
  await expect(sent).toContainText(`Sent by: ${contactName} · the client`);
  const href = await sent.getByRole("link", { name: walk.logo.name }).getAttribute("href");
  const downloaded = await page.request.get(href ?? "");
  expect(Buffer.from(await downloaded.body()).equals(logoBytes)).toBe(true);
});
