import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { jpegWithGps, pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn, storedPost, uniqueTitle } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { fieldError } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";

test.beforeAll(ensureAdminOnboarded);

/** Signs in to a new post, types `fields` (by label) and chooses `cover` as the cover file. */
async function newPostWithCover(
  page: Page,
  fields: Record<string, string>,
  cover: { name: string; mimeType: string; buffer: Buffer },
) {
  await signIn(page, ADMIN, "/admin/posts/new");
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByLabel("Upload an image").setInputFiles(cover);
}

/** Every request the page makes, by origin. */
function recordRequests(page: Page, baseURL: string) {
  const foreign: string[] = [];
  const media: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:")) return;
    if (!url.startsWith(baseURL)) foreign.push(url);
    else if (new URL(url).pathname.startsWith("/media/")) media.push(url);
  });
  return { foreign, media };
}

test("an admin uploads a cover, publishes, and the post shows it from /media/", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const title = uniqueTitle("Cover upload");
  await newPostWithCover(
    page,
    { Title: title, "Content (HTML)": "<p>With a real cover.</p>" },
    { name: "cover.jpg", mimeType: "image/jpeg", buffer: await jpegWithGps(1800, 1000) },
  );
  if (jsOn()) {
    // With JS: a preview of the chosen file before anything is saved.
    await expect(page.getByTestId("cover-preview")).toBeVisible();
  }
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/posts");
  await expect(page.getByText("Published: on the blog now")).toBeVisible();
  const post = await storedPost(title);
  expect(post?.cover_image).toMatch(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/);
  const hash = String(post?.cover_image).split("/")[2];

  const requests = recordRequests(page, baseURL ?? "");
  await page.goto(`/blog/${post?.id}`);
  const cover = page.locator("article picture img").first();
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  // The upright photo is 1000 px wide: its "1600" variant is 1000 px (never enlarged).
  await expect(cover).toHaveAttribute("width", "1000");
  await expect(cover).toHaveAttribute("sizes", /1000px/);
  await expect(page.locator('article picture source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    `/media/${hash}/480.avif 480w, /media/${hash}/960.avif 960w, /media/${hash}/1600.avif 1000w`,
  );
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(requests.media.some((url) => url.includes(`/media/${hash}/`))).toBe(true);
  expect(requests.foreign).toEqual([]);

  const served = await page.request.get(`/media/${hash}/960.jpg`);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

  // The library shows it, used by the post, and offers no Delete for it.
  await page.goto("/admin/media");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  // Upright: the EXIF orientation (rotated 90°) was applied before the metadata was dropped.
  await expect(card.getByText("1000 × 1800 px", { exact: false })).toBeVisible();
  await expect(card.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(card.getByRole("textbox", { name: "URL" })).toHaveValue(`/media/${hash}/1600.jpg`);
  await expectAccessible(page);
});

test("a file that is not an image is refused next to the field, keeping what was typed", async ({
  page,
}) => {
  const title = uniqueTitle("Bad cover");
  await newPostWithCover(
    page,
    { Title: title, Excerpt: "Typed excerpt stays." },
    {
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    },
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    fieldError(page, "This file is not a JPEG, PNG, WebP, AVIF or GIF image.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Excerpt")).toHaveValue("Typed excerpt stays.");
  expect(await storedPost(title)).toBeNull();
});

test("the media library uploads, saves alt text and deletes an unused image", async ({ page }) => {
  await signIn(page, ADMIN, "/admin/media");
  const name = `library-${Date.now()}.png`;
  // Bytes of its own: the library dedupes by content, and the js and nojs runs share it.
  const height = 300 + Math.floor(Math.random() * 400);
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name, mimeType: "image/png", buffer: await pngOf(640, height) });
  await page.getByLabel("Alt text").first().fill("A red square");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Image uploaded", { exact: true })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText(`640 × ${height} px`, { exact: false })).toBeVisible();
  await expect(card.getByLabel("Alt text")).toHaveValue("A red square");
  await card.getByLabel("Alt text").fill("A red rectangle");
  await card.getByRole("button", { name: "Save alt text" }).click();
  await expect(page.getByText("Alt text saved", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: name }).getByLabel("Alt text"),
  ).toHaveValue("A red rectangle");
  await page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Image deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});
