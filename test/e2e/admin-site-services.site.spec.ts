import { expect, test } from "@playwright/test";
import { pngOf } from "../support/images";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import {
  expectPublic,
  expectToast,
  insertRow,
  langInput,
  listRow,
  storedRow,
  unfold,
  uniqueSlug,
  updateRow,
} from "./admin-site-helpers";
import { fieldError } from "./helpers/error-summary";
import { untilHydrated } from "./helpers/hydrated";
import { jsOn } from "./helpers/js";

test.beforeAll(ensureAdminOnboarded);

/** A service of the test's own (the seeded ones stay as the public pages' tests expect them). */
async function ownService(title: string) {
  return insertRow("services", {
    slug: uniqueSlug("svc"),
    position: 900,
    published: true,
    icon: "globe",
    price_min: 50000,
    price_max: 300000,
    price_unit: "project",
    title: { en: title, sw: `${title} (SW)`, fr: `${title} (FR)` },
    description: {
      en: "A short description.",
      sw: "Maelezo mafupi.",
      fr: "Une description courte.",
    },
    long_description: { en: "A long description." },
    cta: { en: "Start now" },
    features: [{ en: "Fast", sw: "Haraka", fr: "Rapide" }],
    process: [],
    technologies: [{ en: "React" }],
  });
}

test("an admin adds a service with an uploaded image and a feature, publishes it", async ({
  page,
}) => {
  test.slow();
  const title = `Cloud Backup ${Date.now()}`;
  const slug = uniqueSlug("cloud-backup");
  await signIn(page, ADMIN, "/admin/services");
  await page.getByRole("link", { name: "New service" }).click();
  await expect(page).toHaveURL("/admin/services/new");
  await langInput(page, "Title", "English").fill(title);
  await langInput(page, "Title", "Kiswahili").fill("Hifadhi ya Wingu");
  await page.getByLabel("Web address (slug)").fill(slug);
  await page.getByRole("radio", { name: "Server" }).check();
  await page
    .getByLabel("Upload a new image")
    .setInputFiles({ name: "backup.png", mimeType: "image/png", buffer: await pngOf(800, 500) });
  await page.getByLabel("Lowest price (Ksh)").fill("20000");
  await page.getByLabel("Highest price (Ksh)").fill("80000");
  await page.getByLabel("Per", { exact: true }).selectOption({ label: "per year" });
  await langInput(page, "Short description", "English").fill("Your files, safe every night.");
  await langInput(page, "Long description", "English").fill(
    "Nightly encrypted backups of your files.",
  );
  await langInput(page, "Call to action", "English").fill("Protect your files");
  // A repeatable list, folded: a row more (without JS the server re-renders the form, keeping
  // it all, with that list open).
  await unfold(page, "Features");
  await page.getByRole("button", { name: "Add to Features" }).click();
  await expect(langInput(page, "Title", "English")).toHaveValue(title);
  await langInput(page, "Features, Row 1", "English").fill("Encrypted copies");
  await unfold(page, "Technologies");
  await page.getByRole("button", { name: "Add to Technologies" }).click();
  await langInput(page, "Technologies, Row 1", "English").fill("Restic");
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL("/admin/services");
  await expectToast(page, "Published: on the site now");
  await expect(listRow(page, title).getByText("Published", { exact: true })).toBeVisible();
  const row = await storedRow("services", { slug });
  expect(row).toMatchObject({
    published: true,
    icon: "server",
    price_unit: "year",
    title: { en: title, sw: "Hifadhi ya Wingu" },
    features: [{ en: "Encrypted copies" }],
    technologies: [{ en: "Restic" }],
  });
  expect(Number(row?.price_min)).toBe(20000);
  expect(Number(row?.price_max)).toBe(80000);
  expect(row?.image).toMatch(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/);
  // Visitors see it at once, in every language: its page (with its image), the footer's
  // services, the services grid and the contact form's choice.
  await expectPublic(page, [`/services/${slug}`], "Nightly encrypted backups of your files.");
  await expect(page.locator(`img[src="${row?.image}"]`)).toHaveCount(1);
  await expectPublic(page, ["/services"], "Your files, safe every night.");
  await expectPublic(page, [`/sw/services/${slug}`, "/sw/services", "/sw/"], "Hifadhi ya Wingu");
  await expectPublic(page, [`/fr/services/${slug}`, "/fr/services", "/fr/"], title);
  await expect(page.locator("footer").getByRole("link", { name: title })).toHaveAttribute(
    "lang",
    "en",
  );
  await page.goto("/fr/contact");
  await expect(page.getByRole("option", { name: title })).toHaveCount(1);
  // The untranslated French title shows the English text, and says so.
  await page.goto("/admin/services");
  await listRow(page, title).getByRole("link", { name: title, exact: true }).click();
  const french = langInput(page, "Title", "Français");
  await expect(french).toHaveAttribute("placeholder", title);
  await expect(french).toHaveAccessibleDescription(
    "Not translated — visitors see the English text",
  );
  const note = await french.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${note}"]`)).toBeVisible();
  // A translated text does not say so.
  await expect(langInput(page, "Title", "Kiswahili")).toHaveAccessibleDescription("");
});

test("an admin changes a service's price and its Kiswahili description, previewing first", async ({
  page,
}) => {
  test.slow();
  const title = `Price change ${Date.now()}`;
  const service = await ownService(title);
  await signIn(page, ADMIN, `/admin/services/${service.id}`);
  // Typing before the page hydrates is hydration.jsonly.spec.ts's subject (scripts held there);
  // typing while React hydrated the text area once saved the typed text with the old one after
  // it here (noted for a fix), so this flow starts on a settled page.
  if (jsOn()) await untilHydrated(page.locator("form").first());
  await page.getByLabel("Lowest price (Ksh)").fill("65000");
  await langInput(page, "Short description", "Kiswahili").fill(
    "Tovuti za haraka kwa biashara yako.",
  );
  await page.getByRole("button", { name: "Preview" }).click();
  const swahili = page.getByTestId("preview-sw");
  await expect(swahili.getByRole("heading", { level: 1, name: `${title} (SW)` })).toBeVisible();
  await expect(swahili.getByTestId("price-range")).toContainText("65,000");
  await expect(page.getByTestId("preview-fr").getByTestId("price-range")).toContainText("65 000");
  // Nothing saved by a preview; the typed values are still in the form.
  expect(Number((await storedRow("services", { id: service.id }))?.price_min)).toBe(50000);
  await expect(page.getByLabel("Lowest price (Ksh)")).toHaveValue("65000");
  await expect(page.getByTestId("price-shown")).toContainText("65,000");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL("/admin/services");
  await expectToast(page, "Saved: on the site now");
  const saved = await storedRow("services", { id: service.id });
  expect(Number(saved?.price_min)).toBe(65000);
  expect(saved?.description).toEqual({
    en: "A short description.",
    sw: "Tovuti za haraka kwa biashara yako.",
    fr: "Une description courte.",
  });
  expect(saved?.version).toBe(service.version + 1);
  // Visitors see the new price and the Kiswahili text at once, each language formatted its way.
  await expectPublic(page, ["/sw/services"], "Tovuti za haraka kwa biashara yako.");
  await expectPublic(page, [`/services/${service.slug}`], "Ksh 65,000");
  await expectPublic(page, [`/fr/services/${service.slug}`], /65\s000/);
});

test("hide, publish and delete a service from the list, the delete after confirming", async ({
  page,
}) => {
  const title = `List actions ${Date.now()}`;
  const service = await ownService(title);
  await signIn(page, ADMIN, "/admin/services");
  await listRow(page, title)
    .getByRole("button", { name: `Hide ${title}` })
    .click();
  await expectToast(page, "Hidden from the site");
  await expect(listRow(page, title).getByText("Draft", { exact: true })).toBeVisible();
  expect((await storedRow("services", { id: service.id }))?.published).toBe(false);
  await listRow(page, title)
    .getByRole("button", { name: `Publish ${title}` })
    .click();
  await expect(listRow(page, title).getByText("Published", { exact: true })).toBeVisible();
  expect((await storedRow("services", { id: service.id }))?.published).toBe(true);

  await listRow(page, title)
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  await expect(page.getByRole("heading", { name: `Delete “${title}”?` })).toBeVisible();
  // Cancel keeps it… (the step closes: until then the row was there behind it anyway, and a
  // click on Delete would race Cancel's own navigation)
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: `Delete “${title}”?` })).toHaveCount(0);
  await expect(listRow(page, title)).toHaveCount(1);
  expect(await storedRow("services", { id: service.id })).not.toBeNull();
  // …confirming deletes it.
  await listRow(page, title)
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expectToast(page, "Deleted");
  await expect(listRow(page, title)).toHaveCount(0);
  expect(await storedRow("services", { id: service.id })).toBeNull();
});

test("invalid values get their message next to the field, typed values stay, nothing is saved", async ({
  page,
}) => {
  const title = `Invalid ${Date.now()}`;
  const service = await ownService(title);
  await signIn(page, ADMIN, `/admin/services/${service.id}`);
  await langInput(page, "Title", "English").fill("");
  await langInput(page, "Title", "Kiswahili").fill("Kichwa kilichoandikwa");
  await page.getByLabel("Web address (slug)").fill("Not A Slug");
  await page.getByLabel("Lowest price (Ksh)").fill("-5");
  await page.getByLabel("Highest price (Ksh)").fill("abc");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    fieldError(page, "Write the English text: visitors see it wherever a translation is missing."),
  ).toBeVisible();
  await expect(
    fieldError(page, "Use lowercase letters, digits and single hyphens", { exact: false }),
  ).toBeVisible();
  await expect(fieldError(page, "A price cannot be negative.")).toBeVisible();
  await expect(
    fieldError(page, "Enter an amount in shillings, such as 50000 or 0.75."),
  ).toBeVisible();
  await expect(langInput(page, "Title", "English")).toHaveAttribute("aria-invalid", "true");
  await expect(langInput(page, "Title", "Kiswahili")).toHaveValue("Kichwa kilichoandikwa");
  await expect(page.getByLabel("Web address (slug)")).toHaveValue("Not A Slug");
  expect(await storedRow("services", { id: service.id })).toMatchObject({
    slug: service.slug,
    version: service.version,
  });
});

test("a save after someone else's shows the conflict and keeps what was typed", async ({
  page,
}) => {
  const title = `Conflict ${Date.now()}`;
  const service = await ownService(title);
  await signIn(page, ADMIN, `/admin/services/${service.id}`);
  // Another admin saves while this form is open.
  await updateRow("services", service.id, { cta: { en: "Their change" } });
  await langInput(page, "Call to action", "English").fill("My change");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByText("Someone else saved this item after you opened it", { exact: false }).first(),
  ).toBeVisible();
  await expect(langInput(page, "Call to action", "English")).toHaveValue("My change");
  expect((await storedRow("services", { id: service.id }))?.cta).toEqual({ en: "Their change" });
});

test("the editors speak the language the admin chose with the switcher", async ({ page }) => {
  await signIn(page, ADMIN, "/admin/services");
  await page.goto("/language?lang=sw&to=/sw/admin/services");
  await expect(page).toHaveURL("/admin/services");
  await expect(page.getByRole("heading", { level: 1, name: "Huduma" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Huduma mpya" })).toBeVisible();
  await page.goto("/language?lang=en&to=/admin/services");
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
});
