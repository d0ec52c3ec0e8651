import { expect, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectToast, insertRow, langInput, storedRow } from "./admin-site-helpers";
import { fieldError } from "./helpers/error-summary";

/**
 * The blog's tags in /admin/blog-tags (issue 27 item 5), with and without JavaScript: a name
 * written into a post becomes a tag, the admin names it in French, and the French blog shows
 * that name at once (the cached page is dropped), filtering by the tag's key.
 */
test.beforeAll(ensureAdminOnboarded);

test("an admin names a tag in French and /fr/blog shows the name at once", async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Own ${stamp}`;
  const key = `own-${stamp}`;
  await insertRow("posts", {
    title: `Tagged ${stamp}`,
    published: true,
    published_at: new Date().toISOString(),
    tags: [name],
  });
  const tag = await storedRow("blog_tags", { slug: key });
  expect(tag?.label).toEqual({ en: name });
  // Cached in French before the change, with the English name marked as such.
  await page.goto(`/fr/blog?tag=${key}`);
  await expect(page.locator(`[lang="en"]`).getByText(`#${name}`, { exact: true })).toBeVisible();

  await signIn(page, ADMIN, `/admin/blog-tags/${tag?.id}`);
  // The English name is required: its message next to the field, the French one kept.
  await langInput(page, "Label", "English").fill("");
  await langInput(page, "Label", "Français").fill(`Propre ${stamp}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    fieldError(page, "Write the English text: visitors see it wherever a translation is missing."),
  ).toBeVisible();
  await expect(langInput(page, "Label", "Français")).toHaveValue(`Propre ${stamp}`);
  expect((await storedRow("blog_tags", { slug: key }))?.label).toEqual({ en: name });

  await langInput(page, "Label", "English").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Saved");
  expect((await storedRow("blog_tags", { slug: key }))?.label).toMatchObject({
    en: name,
    fr: `Propre ${stamp}`,
  });

  await page.goto(`/fr/blog?tag=${key}`);
  await expect(page.getByRole("checkbox", { name: `#Propre ${stamp}` })).toBeChecked();
  await expect(page.getByRole("heading", { name: `Tagged ${stamp}` })).toBeVisible();
  await page.goto(`/blog?tag=${key}`);
  await expect(page.getByRole("checkbox", { name: `#${name}` })).toBeChecked();
});
