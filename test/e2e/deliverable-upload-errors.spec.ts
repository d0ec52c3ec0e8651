/**
 * A refused upload of a deliverable's version is answered on the agency's project page itself
 * (issue 42): the error summary takes focus and names the file field, the message stands beside
 * the field, the note comes back as typed; the next try uploads (a 2 MB file). With JavaScript on and off
 * (projects js and nojs).
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";
import { clientProject } from "./helpers/client-project";
import { expectSummaryOfInvalidFields, fieldError } from "./helpers/error-summary";

test.beforeAll(ensureAdminOnboarded);

test("an upload without a file is answered beside its field, with the error summary", async ({
  page,
}) => {
  const client = await clientProject(`Twiga Print ${Date.now()}`);
  const service = await serviceClient();
  await service.from("project_deliverables").insert({ project_id: client.project, title: "Logo" });
  await signIn(page, ADMIN, `/admin/clients/${client.id}/projects/${client.project}`);
  const logo = page.getByRole("article", { name: "Logo" });
  await logo.getByLabel("What changed (optional)").fill("Bigger letters");
  await logo.getByRole("button", { name: "Upload version" }).click();

  const summary = await expectSummaryOfInvalidFields(page, "There is a problem");
  await expect(summary.getByRole("link", { name: /File \(up to 50 MB\)/ })).toBeVisible();
  await expect(summary).toContainText("Choose a file to upload.");
  const file = logo.getByLabel("File (up to 50 MB)");
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expect(fieldError(logo, "Choose a file to upload.")).toBeVisible();
  await expect(logo.getByLabel("What changed (optional)")).toHaveValue("Bigger letters");
  await expect(page).toHaveURL(new RegExp(`/projects/${client.project}(\\?upload=\\d+)?$`));

  await file.setInputFiles({
    name: "logo.pdf",
    mimeType: "application/pdf",
    // Over the 1 MB of an ordinary form: the page takes a file's body with ?upload= only.
    buffer: Buffer.concat([
      Buffer.from("%PDF-1.4\n"),
      Buffer.alloc(2 * 1024 * 1024, 32),
      Buffer.from("\n%%EOF\n"),
    ]),
  });
  await logo.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByText("Version 1 uploaded as a draft").last()).toBeVisible();
  await expect(logo.getByText("Version 1 · Draft (only the agency sees it)")).toBeVisible();
  await expect(page.locator("[data-error-summary]")).toHaveCount(0);
});
