import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn, storedPost, uniqueTitle } from "./admin-helpers";
import { expectAccessible } from "./helpers/axe";
import { serviceClient } from "./helpers/backend";
import { fieldError, summaryItems } from "./helpers/error-summary";

/**
 * The post editor and a client's project page in the admin's language (the `lang` cookie; issue
 * 44 item 2): an admin who reads Kiswahili or French writes a post — a missing title is answered
 * beside its field and in the error summary in that language, the save's toast too — and opens a
 * client's project, whose forms answer in that language as well.
 */
const WORDS = {
  sw: {
    newPost: "Makala mpya",
    title: "Kichwa",
    excerpt: "Muhtasari",
    content: "Maudhui (HTML)",
    save: "Hifadhi",
    problem: "Kuna tatizo",
    titleRequired: "Kichwa kinahitajika",
    draftSaved: "Imehifadhiwa kama rasimu: bado haiko kwenye blogu",
    posts: "Simamia makala",
    milestones: "Hatua muhimu",
    milestoneTitle: "Hatua muhimu",
    addMilestone: "Ongeza hatua muhimu",
    milestoneRequired: "Andika jina la hatua muhimu.",
    milestoneAdded: "Hatua muhimu imeongezwa",
    back: "Rudi kwa",
  },
  fr: {
    newPost: "Nouvel article",
    title: "Titre",
    excerpt: "Extrait",
    content: "Contenu (HTML)",
    save: "Enregistrer",
    problem: "Il y a un problème",
    titleRequired: "Le titre est obligatoire",
    draftSaved: "Enregistré comme brouillon : pas encore sur le blog",
    posts: "Gérer les articles",
    milestones: "Jalons",
    milestoneTitle: "Jalon",
    addMilestone: "Ajouter le jalon",
    milestoneRequired: "Saisissez le titre du jalon.",
    milestoneAdded: "Jalon ajouté",
    back: "Retour à",
  },
} as const;

test.beforeAll(ensureAdminOnboarded);

/** A client with one project, made for this run (the runs may go side by side). */
async function clientProject(name: string): Promise<{ id: string; project: number }> {
  const service = await serviceClient();
  const organisation = await service.from("organisations").insert({ name }).select("id").single();
  if (organisation.error) throw new Error(organisation.error.message);
  const id = (organisation.data as { id: string }).id;
  const project = await service
    .from("projects")
    .insert({ organisation_id: id, title: `${name}: tovuti` })
    .select("id")
    .single();
  if (project.error) throw new Error(project.error.message);
  return { id, project: (project.data as { id: number }).id };
}

async function expectLanguage(page: Page, locale: "sw" | "fr") {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

for (const locale of ["sw", "fr"] as const) {
  const w = WORDS[locale];

  test(`in ${locale}, the admin writes a post and opens a client's project in that language`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.addCookies([{ name: "lang", value: locale, url: baseURL ?? "" }]);
    await signIn(page, ADMIN, "/admin/posts/new");
    await expectLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1, name: w.newPost })).toBeVisible();

    // A post without a title: the message beside the field and in the summary, in the language.
    await page.getByRole("textbox", { name: w.title, exact: true }).fill("   ");
    await page
      .getByRole("textbox", { name: w.excerpt, exact: true })
      .fill("Maneno yaliyoandikwa yanabaki.");
    await page.getByRole("button", { name: w.save }).click();
    await expect(fieldError(page, w.titleRequired)).toBeVisible();
    const summary = page.locator("[data-error-summary]");
    await expect(summary.getByRole("heading", { name: w.problem })).toBeVisible();
    await expect(summaryItems(page)).toHaveText([
      new RegExp(`^${w.title}\\s*: ${w.titleRequired}`),
    ]);
    await expect(page.getByRole("textbox", { name: w.title, exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByRole("textbox", { name: w.excerpt, exact: true })).toHaveValue(
      "Maneno yaliyoandikwa yanabaki.",
    );
    await expectLanguage(page, locale);

    // With a title it is saved (a draft), and the toast says so in the language.
    const title = uniqueTitle(`Makala ${locale}`);
    await page.getByRole("textbox", { name: w.title, exact: true }).fill(title);
    await page
      .getByRole("textbox", { name: w.content, exact: true })
      .fill("<p>Habari njema kwa wateja wetu.</p>");
    await page.getByRole("button", { name: w.save }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText(w.draftSaved, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: w.posts })).toBeVisible();
    const stored = await storedPost(title);
    expect(stored).toMatchObject({ published: false, excerpt: "Maneno yaliyoandikwa yanabaki." });
    await (await serviceClient())
      .from("posts")
      .delete()
      .eq("id", stored?.id ?? 0);

    // A client's project: its page and its forms' answers in the language.
    const name = uniqueTitle("Duka la Amani");
    const place = await clientProject(name);
    await page.goto(`/admin/clients/${place.id}/projects/${place.project}`);
    await expectLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1, name: `${name}: tovuti` })).toBeVisible();
    await expect(page.getByRole("link", { name: `${w.back} ${name}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: w.milestones })).toBeVisible();
    const add = page.getByRole("button", { name: w.addMilestone });
    await add.click();
    await expect(fieldError(page, w.milestoneRequired)).toBeVisible();
    await page
      .getByRole("textbox", { name: w.milestoneTitle, exact: true })
      .fill("Muundo wa kwanza");
    await add.click();
    await expect(page.getByText(w.milestoneAdded, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("table").getByText("Muundo wa kwanza")).toBeVisible();
    await expectLanguage(page, locale);
  });
}

/** The longer Kiswahili and French wording still fits a 360 px phone, and axe finds nothing. */
test("on a 360 px phone, the post editor and a project page fit in Kiswahili and French", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const place = await clientProject(uniqueTitle("Duka la Baraka"));
  await signIn(page, ADMIN, "/admin");
  for (const locale of ["sw", "fr"] as const) {
    await context.addCookies([{ name: "lang", value: locale, url: baseURL ?? "" }]);
    for (const path of [
      "/admin/posts/new",
      `/admin/clients/${place.id}/projects/${place.project}`,
    ]) {
      await page.goto(path);
      await expectLanguage(page, locale);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${locale} ${path}`).toBeLessThanOrEqual(360);
      await expectAccessible(page);
    }
  }
});
