/**
 * Deliverables with versions and approvals with a trace (issue 42 item 3), as both sides live
 * them: the agency adds a deliverable, uploads v1 and marks it ready; the client's owner asks for
 * changes without a reason (the field says why, nothing is stored), then with one; the agency
 * uploads v2 and marks it ready; the owner approves it on a phone; both sides see who decided
 * what, when and why. With JavaScript on and off (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { clientProject, PHONE, phone, uploadAndMarkReady } from "./helpers/client-project";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

test("the agency asks for approval and the client requests changes, then approves", async ({
  page,
  browser,
}) => {
  const client = await clientProject(`Savanna Print ${Date.now()}`);
  const agencyPath = `/admin/clients/${client.id}/projects/${client.project}`;
  await signIn(page, ADMIN, agencyPath);
  await expect(page.getByText("No deliverables yet: add the first one below.")).toBeVisible();
  await page.getByRole("button", { name: "Add deliverable" }).click();
  await expect(page.getByLabel("Deliverable", { exact: true })).toHaveAccessibleDescription(
    /Enter the deliverable’s title\./,
  );
  await page.getByLabel("Deliverable", { exact: true }).fill("Logo");
  await page.getByLabel("Note (optional)").fill("Three concepts, then the chosen one.");
  await page.getByRole("button", { name: "Add deliverable" }).click();
  await expect(page.getByText("Deliverable added").last()).toBeVisible();
  const logo = page.getByRole("article", { name: "Logo" });
  await uploadAndMarkReady(page, logo, 1, "Three concepts");
  await expectAccessible(page);

  // The client: asked for a decision; a request for changes needs a reason.
  const owner = await phone(browser);
  const clientPath = `/organisations/${client.id}/projects/${client.project}`;
  await openSignedIn(owner, client.owner, clientPath);
  const waiting = owner.getByRole("region", { name: "Waiting for your decision" });
  await expect(waiting.getByRole("heading", { name: "Logo — Version 1" })).toBeVisible();
  await expect(waiting.getByRole("link", { name: /Open logo\.pdf/ })).toHaveAttribute(
    "href",
    new RegExp(`^/files/${client.id}/deliverables/`),
  );
  await waiting.getByRole("button", { name: "Request changes" }).click();
  const reason = owner.getByLabel("What should change? (needed to request changes)");
  await expect(reason).toHaveAccessibleDescription(
    /Say what should change: the agency needs a reason to work from\./,
  );
  await expect(owner.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect(owner.getByText("No decision yet.")).toBeVisible();
  await reason.fill("Make the letters bigger, please.");
  await owner.getByRole("button", { name: "Request changes" }).click();
  await expect(owner.getByText("You requested changes to version 1 of Logo").last()).toBeVisible();
  await expect(owner.getByText("Nothing is waiting for your decision.")).toBeVisible();
  await expect(owner.getByText("Requested changes to version 1", { exact: true })).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(owner);

  // The next round: v2, approved.
  await page.goto(agencyPath);
  await expect(logo.getByText("Make the letters bigger, please.")).toBeVisible();
  await uploadAndMarkReady(page, logo, 2, "Bigger letters");
  await owner.goto(clientPath);
  await expect(waiting.getByRole("heading", { name: "Logo — Version 2" })).toBeVisible();
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByText("You approved version 2 of Logo").last()).toBeVisible();
  await expect(owner.getByText("Approved version 2", { exact: true })).toBeVisible();
  await expect(owner.getByText("Requested changes to version 1", { exact: true })).toBeVisible();
  await expectAccessible(owner);
  await owner.context().close();

  // The agency sees the trace: who, when, which version, why.
  await page.goto(agencyPath);
  const decisions = logo
    .getByRole("listitem")
    .filter({ hasText: /Approved version|Requested changes/ });
  await expect(decisions).toHaveText([
    /Approved version 2.*Amani Otieno \(.+\)/,
    /Requested changes to version 1.*Make the letters bigger, please\..*Amani Otieno/,
  ]);
});
