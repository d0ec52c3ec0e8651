/**
 * A client's projects as the agency and the client live them: the admin adds a project to a
 * client (a mistake is answered under its field with everything typed kept), it is listed on the
 * client's page, its page takes two milestones (one marked done), an update for the client and
 * an internal note, and the client's owner follows it on a 360 px phone in Kiswahili — its
 * status, due date, milestones and the update, never the note. With JavaScript on and off (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { clientWithOwner, PHONE, phone } from "./helpers/client-project";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

test("the agency adds a project and the client follows it in Kiswahili on a phone", async ({
  page,
  browser,
}) => {
  const name = `Kilimo Fresh ${Date.now()}`;
  const client = await clientWithOwner(name);
  await signIn(page, ADMIN, `/admin/clients/${client.id}`);
  await expect(page.getByText("No projects yet.")).toBeVisible();
  await page.getByRole("link", { name: "New project" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `New project for ${name}` }),
  ).toBeVisible();

  await page.getByLabel("Title").fill("New online shop");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Web Development" });
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Active" });
  await page.getByLabel("Start date").fill("2026-12-10");
  await page.getByLabel("Due date").fill("2026-12-01");
  await page.getByRole("button", { name: "Create project" }).click();
  const due = page.getByLabel("Due date");
  await expect(due).toHaveAccessibleDescription(/The due date cannot be before the start date\./);
  await expect(page.getByLabel("Title")).toHaveValue("New online shop");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("active");
  await expectAccessible(page);

  await due.fill("2027-02-15");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(`/admin/clients/${client.id}`);
  await expect(
    page.getByText("Project “New online shop” created: the client sees it now").last(),
  ).toBeVisible();
  const listed = page.getByRole("table", { name: `Projects of ${name}` });
  await expect(listed.getByRole("row").filter({ hasText: "New online shop" })).toContainText(
    "Active",
  );

  // Its page: two milestones, the first one done.
  await listed.getByRole("link", { name: "New online shop" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New online shop" })).toBeVisible();
  await page.getByRole("button", { name: "Add milestone" }).click();
  await expect(page.getByLabel("Milestone", { exact: true })).toHaveAccessibleDescription(
    /Enter the milestone’s title\./,
  );
  for (const [title, due] of [
    ["Designs", "2026-12-20"],
    ["Launch", "2027-02-10"],
  ]) {
    await page.getByLabel("Milestone", { exact: true }).fill(title as string);
    await page.getByLabel("Milestone due date").fill(due as string);
    await page.getByRole("button", { name: "Add milestone" }).click();
    await expect(page.getByRole("row").filter({ hasText: title as string })).toBeVisible();
  }
  await page.getByRole("combobox", { name: "Status of Designs" }).selectOption({ label: "Done" });
  await page.getByRole("button", { name: "Update the status of Designs" }).click();
  await expect(page.getByText("Milestone updated").last()).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status of Designs" })).toHaveValue("done");
  await expectAccessible(page);

  // A word for the client, and one only the agency sees.
  await page.getByLabel("New update").fill("The shop's designs are ready for your review.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("Update posted: the client sees it now").last()).toBeVisible();
  await page.getByLabel("New internal note").fill("Ask for the deposit before launch.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Internal note saved").last()).toBeVisible();

  const owner = await phone(browser);
  await openSignedIn(owner, client.owner, "/sw/dashboard");
  await owner.getByRole("link", { name: name }).click();
  await expect(owner).toHaveURL(`/sw/organisations/${client.id}`);
  const theirs = owner.getByRole("table", { name: `Miradi ya ${name}` });
  const row = theirs.getByRole("row").filter({ hasText: "New online shop" });
  await expect(row).toContainText("Unaendelea");
  await expect(row).toContainText("1 kati ya 2 zimekamilika");
  await expect(row).toContainText("Inayofuata:");
  const width = await owner.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(owner);

  // The project's own page: its milestones in order, each with its status.
  await row.getByRole("link", { name: "New online shop" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "New online shop" })).toBeVisible();
  const milestones = owner.getByRole("listitem").filter({ hasText: /Designs|Launch/ });
  await expect(milestones).toHaveText([/Designs.*Imekamilika/, /Launch.*Inakuja/]);
  await expect(owner.getByText("The shop's designs are ready for your review.")).toBeVisible();
  await expect(owner.getByText("Ask for the deposit")).toHaveCount(0);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(owner);
  await owner.context().close();
});
