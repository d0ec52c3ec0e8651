import { expect, test } from "@playwright/test";

/**
 * The honeypot field of every public form is valid HTML (a real autofill token, no `<style>`
 * inside the form, one id per field even where a page has two forms) in every language, and it
 * still catches bots (test/integration/public-contact.test.ts, accounts-signup.test.ts).
 */
const FORMS = ["/", "/contact", "/signup", "/forgot-password", "/blog", "/newsletter"];

for (const lang of ["", "/sw", "/fr"]) {
  test(`honeypot fields are valid HTML on the forms of ${lang || "/"}`, async ({ request }) => {
    for (const path of FORMS) {
      const url = `${lang}${path}`.replace(/\/$/, "") || "/";
      const html = await (await request.get(url)).text();
      const fields = [...html.matchAll(/<input[^>]*name="name__confirm"[^>]*>/g)].map((m) => m[0]);
      expect(fields.length, url).toBeGreaterThan(0);
      // HTML attribute names are case-insensitive (React writes `autoComplete`).
      for (const field of fields) expect(field, url).toMatch(/autocomplete="off"/i);
      expect(html, url).not.toMatch(/autocomplete="nope"/i);
      expect(html, url).not.toMatch(/<form[^>]*>(?:(?!<\/form>)[\s\S])*<style/);
      const ids = fields.map((field) => /id="([^"]+)"/.exec(field)?.[1]);
      expect(new Set(ids).size, url).toBe(ids.length);
    }
  });
}
