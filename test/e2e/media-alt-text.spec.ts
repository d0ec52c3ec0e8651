/**
 * Issue 26 items 3 and 8, in a real browser with and without JavaScript (without it on a 360 px
 * phone): the media library's alt texts per language reach the article, its translation, the
 * blog's cards and og:image:alt; a decorative image gets alt=""; a re-upload says it is already
 * in the library and shows it first; a small upload warns (media-cover-width.jsonly.spec.ts:
 * a small cover is never stretched).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn, uniqueTitle } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";
import { fieldError } from "./helpers/error-summary";
import { jsOn } from "./helpers/js";

test.beforeAll(ensureAdminOnboarded);

const random = (from: number, span: number) => from + Math.floor(Math.random() * span);

/** Opens the library (a 360 px phone without JS) signed in as the admin. */
async function openLibrary(page: Page, js: boolean) {
  if (!js) await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN, "/admin/media");
}

/** The library's card of an image, found by its file name. */
const cardOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

/** Uploads a PNG through the library's form; answers the image's card (listed under `name`). */
async function uploadImage(page: Page, name: string, width: number, height: number, listed = true) {
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name, mimeType: "image/png", buffer: await pngOf(width, height) });
  await page.getByRole("button", { name: "Upload" }).click();
  if (listed) await expect(cardOf(page, name)).toBeVisible();
  return cardOf(page, name);
}

/** The image's hash, read from the URL its card offers to copy. */
const hashOfCard = async (card: Locator) =>
  (await card.getByRole("textbox", { name: "URL" }).inputValue()).split("/")[2] ?? "";

/** A published English post and its French translation, both with this cover. */
async function postsWithCover(hash: string) {
  const service = await serviceClient();
  const cover = `/media/${hash}/1600.jpg`;
  const title = uniqueTitle("Alt cover");
  const english = await service
    .from("posts")
    .insert({ title, content: "<p>Text.</p>", published: true, cover_image: cover })
    .select("id")
    .single();
  const french = await service
    .from("posts")
    .insert({
      title: `${title} (fr)`,
      content: "<p>Texte.</p>",
      published: true,
      lang: "fr",
      translation_of: english.data?.id,
      cover_image: cover,
    })
    .select("id")
    .single();
  if (english.error || french.error) throw new Error("posts not created");
  return { title, en: Number(english.data?.id), fr: Number(french.data?.id) };
}

const articleCover = (page: Page) => page.locator("article picture img").first();
const ogImageAlt = (page: Page) => page.locator('meta[property="og:image:alt"]');

test('alt text per language reaches the article, its translation, the cards and og:image:alt; decorative gives alt=""', async ({
  page,
}) => {
  test.slow();
  const js = jsOn();
  await openLibrary(page, js);
  const name = `alt-${Date.now()}.png`;
  let card = await uploadImage(page, name, random(1300, 400), random(700, 200));
  const hash = await hashOfCard(card);
  const posts = await postsWithCover(hash);

  await card.getByLabel("Alt text", { exact: true }).fill("A tailor at her sewing machine");
  await card.getByLabel("French").fill("Une couturière à sa machine");
  await card.getByRole("button", { name: "Save alt text" }).click();
  await expect(page.getByText("Alt text saved", { exact: true })).toBeVisible();
  card = cardOf(page, name);
  await expect(card.getByLabel("French")).toHaveValue("Une couturière à sa machine");
  if (!js) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  }

  await page.goto(`/blog/${posts.en}`);
  await expect(articleCover(page)).toHaveAttribute("alt", "A tailor at her sewing machine");
  await expect(ogImageAlt(page)).toHaveAttribute("content", "A tailor at her sewing machine");
  await page.goto(`/fr/blog/${posts.fr}`);
  await expect(articleCover(page)).toHaveAttribute("alt", "Une couturière à sa machine");
  await expect(ogImageAlt(page)).toHaveAttribute("content", "Une couturière à sa machine");
  await page.goto("/blog");
  const blogCard = page.locator("article").filter({ hasText: posts.title });
  await expect(blogCard.locator("img")).toHaveAttribute("alt", "A tailor at her sewing machine");

  await page.goto("/admin/media");
  card = cardOf(page, name);
  await card.getByLabel("Decorative").check();
  await card.getByRole("button", { name: "Save alt text" }).click();
  await expect(page.getByText("Alt text saved", { exact: true })).toBeVisible();
  await page.goto(`/blog/${posts.en}`);
  await expect(articleCover(page)).toHaveAttribute("alt", "");
  await expect(ogImageAlt(page)).toHaveCount(0);
});

test("alt text over 300 characters is refused next to its field, in the admin's language, keeping what was typed", async ({
  page,
  context,
  baseURL,
}) => {
  await openLibrary(page, jsOn());
  const name = `long-${Date.now()}.png`;
  await uploadImage(page, name, random(1300, 400), 500);
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await page.goto("/admin/media");
  const mine = cardOf(page, name);
  await mine.getByLabel("Texte alternatif", { exact: true }).fill("Gardé");
  // Past the field's maxlength, as a tampered form would send it.
  await mine
    .getByLabel("Kiswahili")
    .evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await mine.getByLabel("Kiswahili").fill("x".repeat(301));
  await mine.getByRole("button", { name: "Enregistrer le texte" }).click();
  await expect(
    fieldError(mine, "Le texte alternatif ne doit pas dépasser 300 caractères"),
  ).toBeVisible();
  await expect(mine.getByLabel("Texte alternatif", { exact: true })).toHaveValue("Gardé");
});

test("re-uploading an image says it is already in the library and shows it first", async ({
  page,
}) => {
  await openLibrary(page, jsOn());
  const width = random(1300, 400);
  const height = random(600, 300);
  const name = `again-${Date.now()}.png`;
  await uploadImage(page, name, width, height);
  await uploadImage(page, `newer-${Date.now()}.png`, width, height + 1);
  await uploadImage(page, "same-bytes-new-name.png", width, height, false);
  await expect(page.getByText("Already in the library").first()).toBeVisible();
  const first = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("textbox", { name: "URL" }) })
    .first();
  await expect(first).toContainText(name);
  await expect(first).toHaveAttribute("aria-current", "true");
});

test("an image narrower than a cover should be is uploaded with a warning stating the recommended width", async ({
  page,
}) => {
  await openLibrary(page, jsOn());
  const card = await uploadImage(page, `small-${Date.now()}.png`, 720, random(300, 200));
  await expect(page.getByText("Image uploaded", { exact: true })).toBeVisible();
  await expect(
    page.getByText("It is 720 px wide, smaller than the recommended 1200 px for covers.", {
      exact: false,
    }),
  ).toBeVisible();
  await expect(card).toContainText("720 ×");
});
