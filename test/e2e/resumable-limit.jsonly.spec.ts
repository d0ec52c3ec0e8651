/**
 * A person keeps at most 5 unfinished resumable uploads (issue 42 item 4; docs/portal.md
 * "Files"): with five begun and left unfinished, the next file sent from the Files page (with
 * JavaScript, so resumably) is refused under the field in the page's language, saying what to
 * do — finish those or try again when the oldest is dropped — and nothing is listed. Only a
 * browser running the page's scripts sends files resumably (without JavaScript the plain form
 * upload is not bounded this way): project jsonly.
 */
import { expect, test } from "@playwright/test";
import { clientProject } from "./helpers/client-project";
import { openSignedIn } from "./helpers/session";

const b64 = (text: string) => Buffer.from(text).toString("base64");

test("the sixth unfinished upload is refused with what to do, in Kiswahili", async ({
  page,
  baseURL,
}) => {
  const client = await clientProject(`Mninga Prints ${Date.now()}`);
  const filesPath = `/sw/organisations/${client.id}/projects/${client.project}/files`;
  await openSignedIn(page, client.owner, filesPath);
  // Five uploads begun (as a tus client would) and never finished.
  for (let i = 0; i < 5; i += 1) {
    const begun = await page.request.post(`${filesPath}/resumable`, {
      headers: {
        Origin: baseURL ?? "",
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "100000",
        "Upload-Metadata": `filename ${b64(`part-${i}.pdf`)},filetype ${b64("application/pdf")}`,
      },
    });
    expect(begun.status()).toBe(201);
  }
  await page.locator('input[type="file"][name="file"]').setInputFiles({
    name: "brief.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% the brief\n%%EOF\n"),
  });
  await page.locator("[data-project-files-form] button[type=submit]").click();
  const refusal = page.getByText(/^Tayari una faili nyingi mno ambazo utumaji wake haujakamilika/);
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText("jaribu tena baada ya dakika 60");
  await expect(page.locator('input[type="file"][name="file"]')).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("link", { name: "brief.pdf" })).toHaveCount(0);
});
