/**
 * A cover narrower than the article (720 px in a 1104 px column) is never stretched: the browser
 * neither picks a variant wider than the upload nor shows it wider than it is (issue 26 item 8).
 * Measured with script, so with JavaScript only.
 */
import { expect, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn, uniqueTitle } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";

test.beforeAll(ensureAdminOnboarded);

test("a 720 px cover is never shown wider than it is", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, "/admin/media");
  const name = `narrow-${Date.now()}.png`;
  await page.getByLabel("Image", { exact: true }).setInputFiles({
    name,
    mimeType: "image/png",
    buffer: await pngOf(720, 400 + Math.floor(Math.random() * 300)),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  const url = page
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole("textbox", { name: "URL" });
  const hash = (await url.inputValue()).split("/")[2];
  const title = uniqueTitle("Narrow cover");
  const { data, error } = await (await serviceClient())
    .from("posts")
    .insert({
      title,
      content: "<p>Text.</p>",
      published: true,
      cover_image: `/media/${hash}/1600.jpg`,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  await page.goto(`/blog/${data.id}`);
  const cover = page.locator("article picture img").first();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const { natural, shown, source } = await cover.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth,
    shown: img.getBoundingClientRect().width,
    source: img.currentSrc,
  }));
  test.info().annotations.push({
    type: "measured",
    description: `naturalWidth ${natural}, shown ${shown} px, ${source.split("/").pop()}`,
  });
  expect(source).toMatch(/\/(480|960)\.(avif|webp|jpg)$/);
  expect(natural).toBeLessThanOrEqual(720);
  expect(shown).toBeLessThanOrEqual(natural);
  expect(shown).toBeGreaterThan(0);
});
