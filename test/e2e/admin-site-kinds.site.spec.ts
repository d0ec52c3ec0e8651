import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { expectPublic, expectToast, langInput, uniqueSlug } from "./admin-site-helpers";
import { serviceClient } from "./helpers/backend";

/**
 * The editors of the kinds the services, team, legal and settings flows do not walk through:
 * testimonials, figures, chat options, portfolio categories and projects. Each is created from
 * its form, shown to visitors at once, translated into Kiswahili, and deleted after confirming
 * — without JavaScript on a phone (site-nojs) and with it on a desktop (site-js).
 */
test.beforeAll(ensureAdminOnboarded);

/** The rows of a table (service role, drafts included) whose English `field` is `text`. */
async function rowsWith(table: string, field: string, text: string) {
  const { data, error } = await (await serviceClient()).from(table).select("*");
  if (error) throw new Error(error.message);
  return (data as Record<string, unknown>[]).filter((row) => {
    const value = row[field];
    return value === text || (value as { en?: string } | null)?.en === text;
  });
}

/** The list's row whose item link is `name` (a figure's row also names its placement). */
const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function create(page: Page, kind: string, newLabel: string, fill: () => Promise<void>) {
  await page.goto(`/admin/${kind}`);
  await page.getByRole("link", { name: newLabel }).click();
  await expect(page).toHaveURL(`/admin/${kind}/new`);
  await fill();
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(`/admin/${kind}`);
  await expectToast(page, "Published: on the site now");
}

async function translate(page: Page, kind: string, name: string, field: string, text: string) {
  await page.goto(`/admin/${kind}`);
  await rowOf(page, name).getByRole("link", { name, exact: true }).click();
  await langInput(page, field, "Kiswahili").fill(text);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(`/admin/${kind}`);
  await expectToast(page, "Saved: on the site now");
}

async function remove(page: Page, kind: string, name: string) {
  await page.goto(`/admin/${kind}`);
  await rowOf(page, name)
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expectToast(page, "Deleted");
  await expect(rowOf(page, name)).toHaveCount(0);
}

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("testimonials: an admin adds one, translates its quote, deletes it", async ({ page }) => {
  test.slow();
  const name = `Zawadi ${stamp()}`;
  const quote = `They answered every question within the hour ${stamp()}.`;
  await signIn(page, ADMIN, "/admin/testimonials");
  await create(page, "testimonials", "New testimonial", async () => {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Company").fill("Kilifi Crafts");
    await langInput(page, "Quote", "English").fill(quote);
    await page.getByLabel("Rating (stars)").selectOption("4");
  });
  expect(await rowsWith("testimonials", "name", name)).toMatchObject([
    { published: true, rating: 4, company: "Kilifi Crafts", quote: { en: quote } },
  ]);
  await expectPublic(page, ["/", "/fr/"], quote);
  await translate(page, "testimonials", name, "Quote", `Walijibu kila swali ${name}.`);
  await expectPublic(page, ["/sw/"], `Walijibu kila swali ${name}.`);
  await remove(page, "testimonials", name);
  expect(await rowsWith("testimonials", "name", name)).toEqual([]);
  await expectPublic(page, ["/", "/sw/"], name, { absent: true });
});

test("figures: an admin adds one under the headline, translates its label, deletes it", async ({
  page,
}) => {
  test.slow();
  const label = `Cities served ${stamp()}`;
  await signIn(page, ADMIN, "/admin/figures");
  await create(page, "figures", "New figure", async () => {
    await page.getByLabel("Where it is shown").selectOption({ label: "Under the headline" });
    await langInput(page, "Value", "English").fill("12");
    await langInput(page, "Label", "English").fill(label);
  });
  expect(await rowsWith("site_figures", "label", label)).toMatchObject([
    { placement: "hero", published: true, value: { en: "12" } },
  ]);
  await expectPublic(page, ["/", "/fr/"], label);
  await translate(page, "figures", label, "Label", `Miji ${label}`);
  await expectPublic(page, ["/sw/"], `Miji ${label}`);
  await remove(page, "figures", label);
  await expectPublic(page, ["/"], label, { absent: true });
});

test("chat options: an admin adds one, visitors pick it to open the contact form with its message", async ({
  page,
}) => {
  test.slow();
  const label = `I need hosting ${stamp()}`;
  const slug = uniqueSlug("hosting");
  await signIn(page, ADMIN, "/admin/chat");
  await create(page, "chat", "New chat option", async () => {
    await langInput(page, "Label", "English").fill(label);
    await page.getByLabel("Web address (slug)").fill(slug);
    await langInput(page, "Message", "English").fill("Hello, I would like to host my website.");
  });
  await expectPublic(page, ["/"], label);
  const response = await page.goto(`/contact?topic=${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Hello, I would like to host my website.",
  );
  await translate(page, "chat", label, "Label", `Nahitaji uhifadhi ${slug}`);
  await expectPublic(page, ["/sw/"], `Nahitaji uhifadhi ${slug}`);
  await remove(page, "chat", label);
  await expectPublic(page, ["/"], label, { absent: true });
});

test("portfolio: an admin adds a category and a project in it, translates both, deletes both", async ({
  page,
}) => {
  test.slow();
  const category = `Cloud ${stamp()}`;
  const categorySlug = uniqueSlug("cloud");
  const title = `Farm Records ${stamp()}`;
  await signIn(page, ADMIN, "/admin/portfolio-categories");
  await create(page, "portfolio-categories", "New category", async () => {
    await langInput(page, "Label", "English").fill(category);
    await page.getByLabel("Web address (slug)").fill(categorySlug);
  });
  await create(page, "portfolio", "New project", async () => {
    await langInput(page, "Title", "English").fill(title);
    await page.getByLabel("Web address (slug)").fill(uniqueSlug("farm-records"));
    await page.getByLabel("Category").selectOption({ label: category });
    await page.getByLabel("Client", { exact: true }).fill("Nyeri Dairy Cooperative");
    await langInput(page, "Short description", "English").fill("Milk records on every phone.");
    await langInput(page, "The challenge", "English").fill("Paper records got lost.");
    await langInput(page, "The outcome", "English").fill("Payments on time, every month.");
  });
  expect(await rowsWith("portfolio_projects", "title", title)).toMatchObject([
    { published: true, client: "Nyeri Dairy Cooperative" },
  ]);
  // The portfolio page (signed in) lists the project under its category's filter.
  await page.goto(`/portfolio?category=${categorySlug}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByTestId("portfolio-filter").locator("summary")).toContainText(category);

  await translate(page, "portfolio-categories", category, "Label", `Wingu ${categorySlug}`);
  await translate(page, "portfolio", title, "Title", `Kumbukumbu ${title}`);
  await page.goto(`/sw/portfolio?category=${categorySlug}`);
  await expect(page.getByRole("heading", { name: `Kumbukumbu ${title}` })).toBeVisible();
  await expect(page.getByTestId("portfolio-filter").locator("summary")).toContainText(
    `Wingu ${categorySlug}`,
  );

  await remove(page, "portfolio", title);
  await remove(page, "portfolio-categories", category);
  expect(await rowsWith("portfolio_categories", "label", category)).toEqual([]);
  await page.goto("/portfolio");
  await expect(page.getByText(title)).toHaveCount(0);
});

test("each kind starts as its default says, and the editor says what a save did", async ({
  page,
  context,
  baseURL,
}) => {
  // Services (and projects, categories) start as drafts: long pages checked with Preview first.
  await signIn(page, ADMIN, "/admin/services/new");
  await expect(page.getByLabel("Published")).not.toBeChecked();
  await expect(page.getByText("New items start as drafts.", { exact: false })).toBeVisible();

  // Testimonials (and team members, figures, chat options) start ticked: unticked, it is a draft.
  const name = `Draft testimonial ${stamp()}`;
  await page.goto("/admin/testimonials/new");
  const published = page.getByLabel("Published");
  await expect(published).toBeChecked();
  await expect(page.getByText("New items start ticked", { exact: false })).toBeVisible();
  await published.uncheck();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await langInput(page, "Quote", "English").fill(`A quote from ${name}.`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL("/admin/testimonials");
  await expectToast(page, "Saved as a draft: not on the site yet");
  expect(await rowsWith("testimonials", "name", name)).toMatchObject([{ published: false }]);
  await expectPublic(page, ["/"], name, { absent: true });
  await remove(page, "testimonials", name);

  // In French, the team's form says the same before any save.
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL ?? "" }]);
  await page.goto("/admin/team/new");
  await expect(page.getByLabel("Publié")).toBeChecked();
  await expect(
    page.getByText("Les nouveaux éléments commencent cochés", { exact: false }),
  ).toBeVisible();
});
