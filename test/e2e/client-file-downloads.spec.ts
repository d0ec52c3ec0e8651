/**
 * Who downloaded each file, for the agency (issue 42 item 4; docs/portal.md "Files"): the
 * client's owner downloads a file of the project; on the agency's Files page that file says
 * "Downloaded once by the client" and opens (a plain <details>, no JavaScript) on the owner's
 * name and the time, while a file nobody of the client downloaded says so — also in French for
 * an admin who reads French. Projects js and nojs.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { clientProject } from "./helpers/client-project";
import { jsOn } from "./helpers/js";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});

test("the agency sees who of the client's people downloaded each file, and when", async ({
  page,
  browser,
  baseURL,
}) => {
  const client = await clientProject(`Mvule Books ${Date.now()}`);
  const filesPath = `/organisations/${client.id}/projects/${client.project}/files`;
  const owner = await (await browser.newContext({ javaScriptEnabled: jsOn() })).newPage();
  await openSignedIn(owner, client.owner, filesPath);
  for (const name of ["brief.pdf", "notes.pdf"]) {
    await owner.getByLabel("File", { exact: true }).setInputFiles(pdf(name));
    await owner.getByRole("button", { name: "Send the file" }).click();
    await expect(owner.getByText(`${name} was received.`).last()).toBeVisible();
  }
  // The owner downloads the brief (the same request a click on its link makes).
  const href = (await owner.getByRole("link", { name: "brief.pdf" }).getAttribute("href")) ?? "";
  expect((await owner.request.get(href)).status()).toBe(200);
  // The client's own page says nothing of downloads.
  await owner.reload();
  await expect(owner.getByText(/Downloaded|downloaded by the client/)).toHaveCount(0);
  await owner.context().close();

  await signIn(page, ADMIN, `/admin/clients/${client.id}/projects/${client.project}/files`);
  const brief = page.locator('[data-file-downloads="brief.pdf"]');
  await expect(brief.getByText("Downloaded once by the client")).toBeVisible();
  await expect(brief.getByText("Amani Otieno")).toBeHidden();
  await brief.getByText("Downloaded once by the client").click();
  const entry = brief.locator("[data-file-download]");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Amani Otieno");
  await expect(entry).toContainText(client.owner.email);
  await expect(entry.locator("time")).toHaveText(/\d{1,2}:\d{2}/);
  await expect(page.locator('[data-file-downloads="notes.pdf"]')).toHaveText(
    "Not downloaded by the client yet",
  );
  await expectAccessible(page);

  // An admin who reads French.
  await page.context().addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await page.reload();
  await expect(page.locator('[data-file-downloads="brief.pdf"] summary')).toHaveText(
    "Téléchargé une fois par le client",
  );
  await expect(page.locator('[data-file-downloads="notes.pdf"]')).toHaveText(
    "Pas encore téléchargé par le client",
  );
});
