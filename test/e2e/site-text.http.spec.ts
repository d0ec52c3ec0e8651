import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createConfirmedUser } from "./helpers/auth";
import { addSession } from "./helpers/session";

/**
 * Every public page, in every language, shows the visible text it showed before the site's
 * content moved from TypeScript files into the database (test/fixtures/site-text.json, taken
 * from the last commit that had the content in `app/content/`). The text is the server's HTML
 * as a browser without JavaScript lays it out (`innerText`), whitespace collapsed.
 *
 * `UPDATE_SITE_TEXT=1 npm run test:e2e -- test/e2e/site-text.http.spec.ts` rewrites the fixture:
 * only when a change of the seeded content or of the pages' wording is intended.
 */
const FIXTURE = "test/fixtures/site-text.json";
const LANGUAGES = ["", "/sw", "/fr"];
/** Pages the sitemap does not list (forms, signed-in pages) whose text shows site content. */
const EXTRA = ["/contact", "/newsletter", "/login", "/signup", "/forgot-password"];
const SIGNED_IN = ["/portfolio", "/dashboard"];

test.use({ javaScriptEnabled: false });

async function sitemapPaths(page: Page, baseURL: string): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? "", baseURL).pathname.replace(/\/$/, "") || "/",
  );
  // Posts are the blog's own content (already in the database): their lists stay covered.
  return paths.filter((path) => !/\/blog\/\d+$/.test(path));
}

async function visibleText(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const text = await page.locator("body").innerText();
  // The footer's copyright year is the current year's.
  const year = String(new Date().getFullYear());
  return text.replace(/\s+/g, " ").replaceAll(`© ${year}`, "© <year>").trim();
}

test("every public page shows the same visible text in every language", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const paths = new Set(await sitemapPaths(page, baseURL ?? ""));
  for (const lang of LANGUAGES) for (const path of EXTRA) paths.add(`${lang}${path}`);
  const texts: Record<string, string> = {};
  for (const path of [...paths].sort()) texts[path] = await visibleText(page, path);
  const user = await createConfirmedUser({ fullName: "Text Reader" });
  await addSession(page, user);
  for (const lang of LANGUAGES) {
    for (const path of SIGNED_IN) {
      const text = await visibleText(page, `${lang}${path}`);
      texts[`${lang}${path}`] = text.replaceAll(user.email, "<email>");
    }
  }
  if (process.env.UPDATE_SITE_TEXT || !existsSync(FIXTURE)) {
    writeFileSync(FIXTURE, `${JSON.stringify(texts, null, 1)}\n`);
  }
  const expected = JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, string>;
  expect(Object.keys(texts).sort()).toEqual(Object.keys(expected).sort());
  for (const [path, text] of Object.entries(expected)) expect(texts[path], path).toBe(text);
});
