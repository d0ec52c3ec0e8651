/**
 * A client organisation with an owner and an active project, a phone to open it on, and the
 * agency's round of a deliverable's version.
 */
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { createConfirmedUser } from "./auth";
import { serviceClient } from "./backend";
import { jsOn } from "./js";

export const PHONE = { width: 360, height: 740 };

/** The client `name` and its owner (`ownerName`), with no project yet. */
export async function clientWithOwner(name: string, ownerName = "Amani Otieno") {
  const service = await serviceClient();
  const { data } = await service.from("organisations").insert({ name }).select("id").single();
  const id = data?.id as string;
  const owner = await createConfirmedUser({ fullName: ownerName });
  await service
    .from("organisation_members")
    .insert({ organisation_id: id, user_id: owner.id, role: "owner" });
  return { id, owner };
}

/** The client `name`, its owner (`ownerName`) and its project `title` (active). */
export async function clientProject(
  name: string,
  { title = "Brand refresh", ownerName = "Amani Otieno" } = {},
) {
  const { id, owner } = await clientWithOwner(name, ownerName);
  const service = await serviceClient();
  const { data: project } = await service
    .from("projects")
    .insert({ organisation_id: id, title, status: "active" })
    .select("id")
    .single();
  return { id, owner, project: project?.id as number };
}

/** A 360 px phone, with JavaScript as the Playwright project says. */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: jsOn() });
  return context.newPage();
}

const pdf = (text: string) => ({
  name: "logo.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
});

/** The agency uploads a version of the deliverable "Logo" (`logo`) and marks it ready for review. */
export async function uploadAndMarkReady(page: Page, logo: Locator, number: number, note: string) {
  await logo.getByLabel("What changed (optional)").fill(note);
  await logo.getByLabel("File (up to 50 MB)").setInputFiles(pdf(`version ${number}`));
  await logo.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByText(`Version ${number} uploaded as a draft`).last()).toBeVisible();
  await expect(logo.getByText(`Version ${number} · Draft (only the agency sees it)`)).toBeVisible();
  await logo
    .getByRole("button", { name: `Mark version ${number} of Logo ready for review` })
    .click();
  await expect(page.getByText("Ready for review: the client sees it now").last()).toBeVisible();
  await expect(logo.getByText(`Version ${number} · Ready for review`)).toBeVisible();
}
