import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { langInput, storedRow } from "./admin-site-helpers";
import { expectAccessible } from "./helpers/axe";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

/**
 * Long editors on a phone (issue 44, item 6), at 360 × 740 with and without JavaScript: Save is
 * on the screen wherever the admin is in a service's editor (a sticky bar, CSS only), the lists
 * fold into sections that open by themselves when changed, and the admin navigation is one menu
 * that reaches every section — not two rows swiped sideways. Nothing here saves: the site's
 * content stays as the other specs expect it.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.beforeAll(ensureAdminOnboarded);

async function serviceEditor(page: Page): Promise<string> {
  const service = await storedRow("services", { slug: "web-development" });
  const path = `/admin/services/${service?.id}`;
  await signIn(page, ADMIN, path);
  return path;
}

const saveButton = (page: Page) =>
  page.getByTestId("save-bar").getByRole("button", { name: "Save", exact: true });

test("Save stays on the screen from the top to the bottom of a service's editor", async ({
  page,
}) => {
  await serviceEditor(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  // Halfway down (the long description), then at the very bottom.
  await langInput(page, "Long description", "Français").scrollIntoViewIfNeeded();
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  // At the form's end, the bar rests above Cancel, History and Delete.
  await page.getByRole("link", { name: "Cancel" }).scrollIntoViewIfNeeded();
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  // Nothing covers it: a tap reaches the button (a refused save answers with the summary).
  const slug = page.getByLabel("Web address (slug)");
  if (jsOn()) await untilHydrated(slug);
  await slug.fill("Not a slug!");
  await saveButton(page).click();
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: /Web address \(slug\)/ })).toBeVisible();
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the post editor's Save stays on the screen too", async ({ page }) => {
  await signIn(page, ADMIN, "/admin/posts/new");
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  await page.getByLabel("Tags").scrollIntoViewIfNeeded();
  await expect(saveButton(page)).toBeInViewport({ ratio: 1 });
  await expect(
    page.getByTestId("save-bar").getByRole("button", { name: "Preview" }),
  ).toBeInViewport({ ratio: 1 });
});

test("a service's lists fold into sections, and one changed stays open", async ({ page }) => {
  await serviceEditor(page);
  const features = page.locator("summary", { hasText: "Features" });
  await expect(features).toBeVisible();
  await expect(features).toContainText(/Rows: \d+/);
  const add = page.getByRole("button", { name: "Add to Features" });
  await expect(add).toBeHidden();
  for (const name of ["Process steps", "Technologies"]) {
    await expect(page.locator("summary", { hasText: name })).toBeVisible();
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // Folded, the editor is a few screens long, not the 17.7 it was.
  expect(height / 740).toBeLessThan(9);

  if (jsOn()) await untilHydrated(page.getByLabel("Web address (slug)"));
  await features.click();
  await expect(add).toBeVisible();
  const rows = await page.getByRole("button", { name: /^Remove Features, Row/ }).count();
  await add.click();
  // With JS the row is added in place; without, the answer comes back with the list open.
  const added = langInput(page, `Features, Row ${rows + 1}`, "English");
  await expect(added).toBeVisible();
  await expect(page.locator("details:has(summary:has-text('Features'))")).toHaveAttribute(
    "open",
    "",
  );
  if (jsOn()) await expect(added).toBeFocused();
  // The others stay folded.
  await expect(page.getByRole("button", { name: "Add to Technologies" })).toBeHidden();
  await expectAccessible(page);

  // A refused save: the list holding the error is open (also without JS, on a new page), and
  // the summary's link reaches the row's field.
  await langInput(page, `Features, Row ${rows + 1}`, "Kiswahili").fill("Haraka");
  await saveButton(page).click();
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toBeFocused();
  const invalid = langInput(page, `Features, Row ${rows + 1}`, "English");
  await expect(invalid).toBeVisible();
  await expect(invalid).toHaveAttribute("aria-invalid", "true");
  await summary.getByRole("link", { name: /Features/ }).click();
  await expect(invalid).toBeInViewport();
  await expect(page.getByRole("button", { name: "Add to Technologies" })).toBeHidden();
});

test("the admin menu fits a phone and reaches every section", async ({ page }) => {
  const path = await serviceEditor(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  const menu = nav.locator("summary");
  await expect(menu).toBeVisible();
  await expect(menu).toHaveText(/Admin menu — Services/);
  await expect(nav.getByRole("link", { name: "Team", exact: true })).toBeHidden();
  await menu.click();
  // Every section: the menu holds the same links as the wide screen's (hidden) rows.
  const links = nav.getByRole("link");
  const sections = (await nav.getByRole("link", { includeHidden: true }).count()) / 2;
  expect(sections).toBeGreaterThanOrEqual(19);
  await expect(links).toHaveCount(sections);
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  }
  await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  await nav.getByRole("link", { name: "Team", exact: true }).click();
  await expect(page).toHaveURL("/admin/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  // A new page: the menu is folded again and names where the admin is.
  await expect(nav.getByRole("link", { name: "Settings", exact: true })).toBeHidden();
  await expect(menu).toHaveText(/Admin menu — Team/);
  expect(path).toMatch(/^\/admin\/services\/\d+$/);
});

test("in French, the menu is the admin's language; on a wide screen the sections are rows", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await signIn(page, ADMIN, "/admin/team");
  const nav = page.getByRole("navigation", { name: "Administration" });
  await expect(nav.locator("summary")).toHaveText(/Menu d’administration — Équipe/);
  await nav.locator("summary").click();
  await expect(nav.getByRole("link", { name: "Réglages", exact: true })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.locator("summary")).toBeHidden();
  for (const name of ["Vue d’ensemble", "Équipe", "Réglages"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeInViewport();
  }
});
