/**
 * Files both ways (issue 42 item 4), as a client and the agency live them: the client's owner
 * sends a file from the project's Files page — with JavaScript a 12 MB file in resumable parts,
 * its connection cut twice on the way and the upload finished from where it stopped; without
 * JavaScript a plain form post — and sees it listed; a file whose content is not what its name
 * says is refused under the field; an image is listed with its preview; the agency sees the
 * file, from the client's side, and downloads it. Projects js and nojs.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { clientProject } from "./helpers/client-project";
import { jsOn } from "./helpers/js";
import { openSignedIn } from "./helpers/session";

test.beforeAll(ensureAdminOnboarded);

/** A 2×2 PNG. */
const LOGO_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQc1gPRAwQCgAbNgQ16pJthAAAAABJRU5ErkJggg==";

const pdf = (size: number) =>
  Buffer.concat([Buffer.from("%PDF-1.7\n% the brief\n"), Buffer.alloc(size, 0x20)]);

test("a client sends a file (resumed after two cuts with JavaScript) and the agency downloads it", async ({
  page,
  browser,
}) => {
  const client = await clientProject(`Baobab Studio ${Date.now()}`);
  const filesPath = `/organisations/${client.id}/projects/${client.project}/files`;
  const owner = await (await browser.newContext({ javaScriptEnabled: jsOn() })).newPage();
  await openSignedIn(owner, client.owner, `/organisations/${client.id}/projects/${client.project}`);
  await owner.getByRole("link", { name: "Files of this project" }).click();
  await expect(owner).toHaveURL(filesPath);
  await expect(owner.getByText("No files yet.")).toBeVisible();

  // A PNG named .pdf: refused under the field, nothing listed.
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  await owner.getByLabel("File", { exact: true }).setInputFiles({
    name: "brief.pdf",
    mimeType: "application/pdf",
    buffer: png,
  });
  await owner.getByRole("button", { name: "Send the file" }).click();
  await expect(owner.getByText(/This kind of file is not taken/).first()).toBeVisible();
  await expect(owner.getByText("No files yet.")).toBeVisible();

  const size = jsOn() ? 12 * 1024 * 1024 : 200_000;
  const body = pdf(size);
  let cut = 0;
  if (jsOn()) {
    // The connection drops twice while parts are on their way; the client resumes each time.
    await owner.route("**/files/resumable/**", async (route) => {
      if (route.request().method() === "PATCH" && cut < 2) {
        cut += 1;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
  }
  await owner.getByLabel("File", { exact: true }).setInputFiles({
    name: "brief.pdf",
    mimeType: "application/pdf",
    buffer: body,
  });
  await owner.getByRole("button", { name: "Send the file" }).click();
  await expect(owner.getByText("brief.pdf was received.").last()).toBeVisible({
    timeout: 60_000,
  });
  if (jsOn()) expect(cut).toBe(2);
  const listed = owner.getByRole("link", { name: "brief.pdf" });
  await expect(listed).toBeVisible();
  await expect(owner.getByText(/Sent by: Amani Otieno · the client/)).toBeVisible();

  // An image is listed with its preview, drawn from the private file (a plain <img>).
  await owner.getByLabel("File", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from(LOGO_PNG, "base64"),
  });
  await owner.getByRole("button", { name: "Send the file" }).click();
  await expect(owner.getByText("logo.png was received.").last()).toBeVisible();
  const preview = owner.locator('img[data-file-preview="logo.png"]');
  await preview.scrollIntoViewIfNeeded();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(owner.locator('img[data-file-preview="brief.pdf"]')).toHaveCount(0);
  await expectAccessible(owner);
  await owner.context().close();

  // The agency: the file is listed from the client's side and downloads whole.
  await signIn(page, ADMIN, `/admin/clients/${client.id}/projects/${client.project}`);
  await page.getByRole("link", { name: "Files of this project" }).click();
  const link = page.getByRole("link", { name: "brief.pdf" });
  await expect(link).toBeVisible();
  await expect(page.getByText(/Sent by: Amani Otieno · the client/).first()).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/files/${client.id}/projects/${client.project}/`));
  const downloaded = await page.request.get(href);
  expect(downloaded.status()).toBe(200);
  expect(Buffer.from(await downloaded.body()).equals(body)).toBe(true);
  await expectAccessible(page);
});
