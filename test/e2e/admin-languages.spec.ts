import { expect, type Page, test } from "@playwright/test";
import { ADMIN, ensureAdminOnboarded, signIn } from "./admin-helpers";
import { serviceClient } from "./helpers/backend";

/**
 * The admin's language (the `lang` cookie) on the office pages, on a 360 px phone: headings,
 * buttons, the tab bar and the site header are in Kiswahili or French, `<html lang>` says so,
 * and an action's toast answers in that language too.
 */
test.use({ viewport: { width: 360, height: 740 } });

const WORDS = {
  sw: {
    overview: "Usimamizi",
    latest: "Jumbe za karibuni",
    messages: "Jumbe",
    apply: "Tumia",
    markHandled: "Weka kuwa umeshughulikiwa",
    handled: "Umewekwa kuwa umeshughulikiwa",
    reopen: "Fungua tena",
    back: "Rudi kwenye jumbe",
    posts: "Simamia makala",
    create: "Unda mpya",
    people: "Watu",
    search: "Tafuta akaunti",
    home: "Mwanzo",
  },
  fr: {
    overview: "Administration",
    latest: "Derniers messages",
    messages: "Messages",
    apply: "Appliquer",
    markHandled: "Marquer comme traité",
    handled: "Marqué comme traité",
    reopen: "Rouvrir",
    back: "Retour aux messages",
    posts: "Gérer les articles",
    create: "Créer",
    people: "Personnes",
    search: "Rechercher des comptes",
    home: "Accueil",
  },
} as const;

/** A new message for each language's run (the runs may go side by side). */
async function newMessage(): Promise<number> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const { data, error } = await (await serviceClient())
    .from("contact_messages")
    .insert({
      name: `Wanjiru ${stamp}`,
      email: `lang-${stamp}@example.com`,
      message: "Habari, tunahitaji tovuti mpya.",
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: number }).id;
}

test.beforeAll(ensureAdminOnboarded);

async function expectLanguage(page: Page, locale: "en" | "sw" | "fr") {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

for (const locale of ["sw", "fr"] as const) {
  const w = WORDS[locale];

  test(`in ${locale}, the overview, messages, a message, posts and people are in the admin's language`, async ({
    page,
    context,
    baseURL,
  }) => {
    const messageId = await newMessage();
    await context.addCookies([{ name: "lang", value: locale, url: baseURL ?? "" }]);
    await signIn(page, ADMIN, "/admin");
    await expectLanguage(page, locale);
    // The site header agrees (its links, in the menu on a phone, are the language's).
    await expect(
      page.locator("header").getByRole("link", { name: w.home, includeHidden: true }).first(),
    ).toBeAttached();
    await expect(page.getByRole("heading", { level: 1, name: w.overview })).toBeVisible();
    await expect(page.getByRole("heading", { name: w.latest })).toBeVisible();
    // The admin menu (on a phone, one button that opens every section).
    const nav = page.getByRole("navigation", {
      name: locale === "sw" ? "Usimamizi" : "Administration",
    });
    await nav.locator("summary").click();
    await expect(nav.getByRole("link", { name: w.people, exact: true })).toBeVisible();

    await page.goto("/admin/messages");
    await expectLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1, name: w.messages })).toBeVisible();
    await expect(page.getByRole("button", { name: w.apply })).toBeVisible();

    await page.goto(`/admin/messages/${messageId}`);
    await expectLanguage(page, locale);
    await expect(page.getByRole("link", { name: w.back })).toBeVisible();
    await page.getByRole("button", { name: w.markHandled }).click();
    // The action's answer, in the admin's language.
    await expect(page.getByText(w.handled, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: w.reopen })).toBeVisible();
    await expectLanguage(page, locale);

    await page.goto("/admin/posts");
    await expect(page.getByRole("heading", { level: 1, name: w.posts })).toBeVisible();
    await expect(page.getByRole("link", { name: w.create })).toBeVisible();
    // The posts' dates too: '22 nov. 2026' in French, not 'Nov 22, 2026'.
    if (locale === "fr")
      await expect(page.locator("main time").first()).toHaveText(/^\d{1,2} \S+ \d{4}$/);

    await page.goto("/admin/people");
    await expectLanguage(page, locale);
    await expect(page.getByRole("heading", { level: 1, name: w.people })).toBeVisible();
    await expect(page.getByRole("search", { name: w.search })).toBeVisible();
  });
}

test("in English the admin pages stay as they were", async ({ page }) => {
  await signIn(page, ADMIN, "/admin");
  await expectLanguage(page, "en");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newest messages" })).toBeVisible();
});
