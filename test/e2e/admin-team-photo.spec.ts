import { expect, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";
import { chosenImage, cropOf, noImage } from "./helpers/team-photo";

/**
 * A team member's photo in the editor (issue 44, item 5), on a 360 px phone with and without
 * JavaScript: the form shows the chosen photo as the site frames it — round, cropped around the
 * chosen part — and once a file or a library image is chosen, "No image" is no longer the
 * choice. Nothing is saved here (every save is refused for its empty name): only the media
 * library gains the uploaded image.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.beforeAll(ensureAdminOnboarded);

test("a chosen photo is shown round and cropped as chosen, and 'No image' is no longer chosen", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/admin/team/new");
  await expect(chosenImage(page)).toContainText("No image chosen.");
  await expect(noImage(page)).toBeChecked();
  const upload = page.getByLabel("Upload a new image");
  if (jsOn()) await untilHydrated(upload);
  await upload.setInputFiles({
    name: "wide-portrait.png",
    mimeType: "image/png",
    buffer: await pngOf(1200, 800),
  });
  await page.getByLabel("Crop of the photo").selectOption({ label: "Top" });

  if (jsOn()) {
    // At once: the file, round, from its top; no radio is left checked.
    await expect(chosenImage(page)).toContainText("New file: wide-portrait.png.");
    await expect(chosenImage(page).locator("img")).toHaveAttribute("src", /^data:image\/png/);
    await expect(noImage(page)).not.toBeChecked();
    await expect.poll(() => cropOf(page)).toMatchObject({ fit: "cover", position: "50% 0%" });
    await expect(chosenImage(page).locator("img")).toBeVisible();
  }

  // A refused save (no name): the uploaded photo comes back as the choice, with its crop.
  await page.getByTestId("save-bar").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator("[data-error-summary]")).toBeVisible();
  await expect(chosenImage(page)).toContainText("Chosen:");
  await expect(noImage(page)).not.toBeChecked();
  const img = chosenImage(page).locator("img");
  await expect(img).toHaveAttribute("srcset", /\/media\/[0-9a-f]{32}\/480\.jpg 480w/);
  await expect(chosenImage(page).locator("source[type='image/avif']")).toHaveCount(1);
  await expect.poll(() => cropOf(page)).toMatchObject({ fit: "cover", position: "50% 0%" });
  const box = await img.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(Math.round(box?.height ?? -1));
  await expect(page.getByLabel("Crop of the photo")).toHaveValue("top");
  await expectAccessible(page);
});
