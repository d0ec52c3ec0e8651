import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locale";
import { loader } from "~/routes/language";
import { HOSTILE_REDIRECTS, underLanguagePrefix } from "../fixtures/redirect-payloads";

/**
 * GET /language?lang=…&to=… (app/routes/language.ts) moves `to` into the chosen language. Every
 * hostile target, also inside `/sw` and `/fr` (where moving it strips the prefix), must end
 * as a Location that a browser resolves on this site.
 */
const SITE = "https://site.example";

function locationFor(lang: string, to: string): string {
  const url = new URL(`${SITE}/language`);
  url.searchParams.set("lang", lang);
  url.searchParams.set("to", to);
  const response = loader({ url } as never);
  expect(response.status).toBe(302);
  return response.headers.get("Location") ?? "";
}

const TARGETS = [
  ...HOSTILE_REDIRECTS,
  ...HOSTILE_REDIRECTS.flatMap((payload) => underLanguagePrefix("/sw", payload)),
  ...HOSTILE_REDIRECTS.flatMap((payload) => underLanguagePrefix("/fr", payload)),
];

describe("the language switch's redirect", () => {
  it.each(TARGETS)("stays on the site for to=%j in every language", (to) => {
    for (const lang of LOCALES) {
      const location = locationFor(lang, to);
      expect(new URL(location, SITE).origin, `lang=${lang} → ${location}`).toBe(SITE);
      expect(location).toMatch(/^\/(?![/\\])/);
    }
  });

  it("sends the attacks of the issue to the English home page", () => {
    expect(locationFor("en", "/sw//evil.example/login")).toBe("/");
    expect(locationFor("en", "/fr//evil.example/login")).toBe("/");
    expect(locationFor("en", "/sw/.//evil.example/login")).toBe("/");
  });

  it("still keeps the page when only the language changes", () => {
    expect(locationFor("sw", "/services/bulk-sms")).toBe("/sw/services/bulk-sms");
    expect(locationFor("en", "/sw/services/bulk-sms?x=1#top")).toBe("/services/bulk-sms?x=1#top");
    expect(locationFor("fr", "/sw/")).toBe("/fr/");
    expect(locationFor("en", "/fr")).toBe("/");
    expect(locationFor("en", "/sw/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("keeps an admin page where it is: the admin area's language is the cookie's", () => {
    expect(locationFor("sw", "/sw/admin/services")).toBe("/admin/services");
    expect(locationFor("fr", "/sw/admin/services/3?delete=1")).toBe("/admin/services/3?delete=1");
    expect(locationFor("en", "/fr/admin")).toBe("/admin");
    expect(locationFor("sw", "/admin/team")).toBe("/admin/team");
    // Not the admin area: moved into the language as before.
    expect(locationFor("sw", "/sw/administration")).toBe("/sw/administration");
  });
});
