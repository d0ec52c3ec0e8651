import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../support/site";

/**
 * `npm run dev` serves the same pages as production (Vite in middleware mode): it used to answer
 * 500 on every page, because the handler came from another copy of react-router than the build's
 * request context.
 */
describe("npm run dev", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ dev: true });
  }, 120_000);
  afterAll(() => site?.stop());

  it("renders the public pages in every language, held for hydration after the first paint", async () => {
    for (const [path, lang, heading] of [
      ["/", "en", "Build, launch and grow your business online"],
      ["/sw/contact", "sw", "Wasiliana Nasi"],
    ] as const) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, `${path}\n${site.stderr()}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(heading);
      expect(html).toContain('id="rr-hydrate"');
    }
  }, 120_000);
});
