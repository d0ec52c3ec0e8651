import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import {
  expectToast,
  insertRow,
  langInput,
  listRow,
  storedRow,
  unfold,
  uniqueSlug,
} from "./admin-site-helpers";
import { exclusive } from "./helpers/exclusive";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

/**
 * Where focus goes in the site editors (issue 44 items 8 and 11): it stays on the list after
 * Move up reaches the top, after Delete and after a row's Remove; "Skip to the form" is the
 * first stop of an editor's content and lands on its first field; the preview shows the
 * service's card and the price line follows the typed price. With and without JavaScript
 * (site-nojs: on a 360 px phone).
 */
test.beforeAll(ensureAdminOnboarded);

/** Two draft team members of the test's own, at the top of the list (visitors see neither). */
async function twoDraftsOnTop() {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const position = -1_000_000 - Math.floor(Math.random() * 1_000_000) * 2;
  const member = (name: string, at: number) =>
    insertRow("team_members", {
      name: `${name} ${stamp}`,
      position: at,
      published: false,
      role: { en: "Designer", sw: "Msanifu", fr: "Designer" },
      bio: { en: "Designs things." },
    });
  return [await member("Amani", position), await member("Baraka", position + 1)] as const;
}

const nameOf = (row: Record<string, unknown>) => String(row.name);

async function onSettledList(page: Page, path: string) {
  await signIn(page, ADMIN, path);
  if (jsOn()) await untilHydrated(page.locator("form").first());
}

test("Move up to the top keeps focus on the item's Move down; Delete moves it to the next item", async ({
  page,
}) => {
  await exclusive("team-order", async () => {
    const [first, second] = await twoDraftsOnTop();
    await onSettledList(page, "/admin/team");
    const moveUp = page.getByRole("button", { name: `Move up: ${nameOf(second)}` });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Order saved");
    // At the top its Move up is gone: its Move down has the focus, not the page.
    await expect(moveUp).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Move down: ${nameOf(second)}` })).toBeFocused();
    await expect(page.getByRole("rowheader").first()).toHaveText(nameOf(second));

    // Delete the top one: after the confirmation, the next item's Delete has the focus.
    await listRow(page, nameOf(second))
      .getByRole("link", { name: `Delete ${nameOf(second)}` })
      .click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Deleted");
    await expect(page.getByRole("link", { name: `Delete ${nameOf(first)}` })).toBeFocused();
    expect(await storedRow("team_members", { id: second.id })).toBeNull();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect.poll(async () => await storedRow("team_members", { id: first.id })).toBeNull();
  });
});

test("deleting the last item of a list leaves focus on the list", async ({ page }) => {
  // Blog tags are listed by key, and no other site spec adds any: a "zz-" key is the last. The
  // js and nojs runs of this test take turns, so neither's tag follows the other's.
  await exclusive("blog-tags-last", async () => {
    const slug = `zz-focus-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    const row = await insertRow("blog_tags", { slug, label: { en: `Zawadi ${slug}` } });
    await onSettledList(page, `/admin/blog-tags?delete=${row.id}`);
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Deleted");
    expect(await storedRow("blog_tags", { id: row.id })).toBeNull();
    await expect(page.getByRole("region", { name: "Blog tags" })).toBeFocused();
  });
});

/** A service of the test's own with three features (a draft: visitors never see it). */
function draftService(title: string) {
  return insertRow("services", {
    slug: uniqueSlug("focus"),
    position: 950,
    published: false,
    icon: "globe",
    price_min: 50000,
    price_max: null,
    price_unit: "project",
    title: { en: title },
    description: { en: "Sites that load fast on any phone.", sw: "Tovuti za haraka." },
    long_description: { en: "A long description." },
    cta: { en: "Start now" },
    features: [{ en: "Fast" }, { en: "Secure" }, { en: "Simple" }],
    process: [],
    technologies: [],
  });
}

test("a feature's Remove leaves focus on the next feature's Remove, the last one's on the list", async ({
  page,
}) => {
  const service = await draftService(`Focus ${Date.now()}`);
  await onSettledList(page, `/admin/services/${service.id}`);
  await unfold(page, "Features");
  const features = page.getByRole("group", { name: "Features", exact: true });
  await features.getByRole("button", { name: "Remove Features, Row 2" }).click();
  const english = features.getByRole("textbox", { name: / — English$/ });
  await expect(english).toHaveCount(2);
  await expect(english.nth(1)).toHaveValue("Simple");
  // The row that took its place has the focus (its Remove: "Row 2" again).
  await expect(features.getByRole("button", { name: "Remove Features, Row 2" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(english).toHaveCount(1);
  // The last row went: the list's heading has the focus.
  await expect(features.locator("legend")).toBeFocused();
  await expect(features.locator("legend")).toBeInViewport();
});

test("French: 'Aller au formulaire' is the first stop of the editor's content and lands on its first field", async ({
  page,
  context,
  baseURL,
}) => {
  const service = await draftService(`Saut ${Date.now()}`);
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await onSettledList(page, `/admin/services/${service.id}`);
  const skip = page.getByRole("link", { name: "Aller au formulaire" });
  // The page's "Skip to content" first; from the content, the editor's own skip link comes
  // before the admin's tab bar.
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveAttribute("href", "#main");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(langInput(page, "Titre", "English")).toBeFocused();
});

test("the preview shows the service's card with its short description; the price line follows the typed price", async ({
  page,
}) => {
  const title = `Card ${Date.now()}`;
  const service = await draftService(title);
  await onSettledList(page, `/admin/services/${service.id}`);
  const shown = page.getByTestId("price-shown");
  await expect(shown).toContainText(/Ksh\s50,000/);
  await page.getByLabel("Lowest price (Ksh)").fill("65000");
  await page.getByLabel("Highest price (Ksh)").fill("90000");
  if (jsOn()) {
    // As it is typed, in each language's format, before any Preview.
    await expect(shown).toContainText(/Ksh\s65,000\s–\s90,000/);
    await expect(shown).toContainText(/65\s000\s–\s90\s000/);
    await page.getByLabel("Highest price (Ksh)").fill("60000");
    // No price (highest below lowest): no line claiming one.
    await expect(shown).toHaveCount(0);
    await page.getByLabel("Highest price (Ksh)").fill("90000");
  } else {
    await expect(shown).toContainText(/Ksh\s50,000/);
  }
  await langInput(page, "Short description", "English").fill("Quick sites for busy shops.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(shown).toContainText(/Ksh\s65,000\s–\s90,000/);
  const card = page.getByTestId("preview-en").getByTestId("preview-card");
  await expect(card).toContainText("Quick sites for busy shops.");
  await expect(card).toContainText(/From Ksh\s65,000/);
  await expect(card.getByRole("heading", { name: title })).toBeVisible();
  // Kiswahili's card: its own words, the untranslated title in English.
  const swahili = page.getByTestId("preview-sw").getByTestId("preview-card");
  await expect(swahili).toContainText("Tovuti za haraka.");
  await expect(swahili).toContainText("Kuanzia");
  // Nothing saved by it.
  expect(Number((await storedRow("services", { id: service.id }))?.price_min)).toBe(50000);
});

test("a project's preview shows its card with the typed short description", async ({ page }) => {
  await onSettledList(page, "/admin/portfolio");
  await page.getByRole("rowheader").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/portfolio\/\d+$/);
  if (jsOn()) await untilHydrated(page.locator("form").first());
  await langInput(page, "Short description", "English").fill("Records on every phone.");
  await page.getByRole("button", { name: "Preview" }).click();
  const card = page.getByTestId("preview-en").getByTestId("preview-card");
  await expect(card).toContainText("Records on every phone.");
  await expect(page.getByTestId("preview-en")).toContainText("As a card — on the portfolio");
});
