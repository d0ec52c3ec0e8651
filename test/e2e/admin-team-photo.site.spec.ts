import { expect, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectToast, langInput, listRow, storedRow } from "./admin-site-helpers";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

/**
 * A team member's photo on the site (issue 44, item 5): a 1200 × 800 upload, cropped around the
 * part the admin chose, fills the round frame of the home page's card (object-fit: cover, never
 * stretched) from the same responsive AVIF/WebP/JPEG variants as blog covers; the editor shows
 * it again as chosen. Without JavaScript on a phone (site-nojs), with it on a desktop (site-js).
 */
test.beforeAll(ensureAdminOnboarded);

test("an admin adds a member with a landscape photo cropped to its top; the card fills its round frame", async ({
  page,
}) => {
  const name = `Wanjiru ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await signIn(page, ADMIN, "/admin/team/new");
  const upload = page.getByLabel("Upload a new image");
  if (jsOn()) await untilHydrated(upload);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await langInput(page, "Role", "English").fill("Photographer");
  await langInput(page, "Biography", "English").fill("Frames people well.");
  await upload.setInputFiles({
    name: "landscape.png",
    mimeType: "image/png",
    buffer: await pngOf(1200, 800),
  });
  await page.getByLabel("Crop of the photo").selectOption({ label: "Top" });
  // Team members are published as they are saved (the box starts ticked).
  await expect(page.getByLabel("Published")).toBeChecked();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL("/admin/team");
  await expectToast(page, "Published: on the site now");
  const row = await storedRow("team_members", { name });
  expect(row).toMatchObject({ photo_focus: "top", published: true });
  expect(String(row?.photo)).toMatch(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/);

  await page.goto("/");
  const card = page.locator("#team li").filter({ hasText: name });
  const img = card.locator("img");
  await img.scrollIntoViewIfNeeded();
  // The image is lazy: the browser picks and fetches its variant only once it is in view, so
  // `currentSrc` stays empty for a moment after the scroll.
  await expect
    .poll(() => img.evaluate((element) => (element as HTMLImageElement).currentSrc))
    .toMatch(/\/480\.(avif|webp|jpg)$/);
  await expect(img).toHaveAttribute("srcset", /480\.jpg 480w/);
  await expect(card.locator("source[type='image/avif']")).toHaveAttribute("srcset", /\.avif/);
  await expect(card.locator("source[type='image/webp']")).toHaveAttribute("srcset", /\.webp/);
  const shown = await img.evaluate((element) => {
    const image = element as HTMLImageElement;
    const style = getComputedStyle(image);
    const box = image.getBoundingClientRect();
    return {
      fit: style.objectFit,
      position: style.objectPosition,
      width: Math.round(box.width),
      height: Math.round(box.height),
      // The variant the browser fetched: never the 1600 px file for a 112 px frame.
      source: image.currentSrc,
    };
  });
  expect(shown).toMatchObject({ fit: "cover", position: "50% 0%", width: 112, height: 112 });
  expect(shown.source).toMatch(/\/480\.(avif|webp|jpg)$/);

  // The editor shows the saved photo as chosen, with its crop.
  await page.goto("/admin/team");
  await listRow(page, name).getByRole("link", { name, exact: true }).click();
  await expect(page.getByTestId("chosen-image")).toContainText("Chosen:");
  await expect(page.getByLabel("Crop of the photo")).toHaveValue("top");
  await expect(page.locator("input[type=radio][name=photo][value='']")).not.toBeChecked();

  await page.goto("/admin/team");
  await listRow(page, name)
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expectToast(page, "Deleted");
});
