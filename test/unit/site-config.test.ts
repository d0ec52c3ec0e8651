import { afterEach, describe, expect, it, vi } from "vitest";
import { siteConfigOf } from "~/domain/site/config.server";
import { localizeSettings, type SettingsRow } from "~/domain/site/localize.server";
import { settingsWithEnvDefaults } from "~/domain/site/settings.server";
import { env } from "~/infra/env.server";
import { whatsappHref } from "~/lib/site-config";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const CONTACT_VARIABLES = [
  "BRAND_NAME",
  "CONTACT_PHONE",
  "CONTACT_EMAIL",
  "CONTACT_SUPPORT_EMAIL",
  "CONTACT_WHATSAPP",
  "OFFICE_HOURS",
  "CONTACT_CITIES",
];

/** The settings row as the seed leaves it (version 1: never saved by an admin). */
const seeded: SettingsRow = {
  id: "site",
  brand_name: "Jenga Digital",
  phone: "+254 712 345 678",
  whatsapp: null,
  email: "hello@jengadigital.co.ke",
  support_email: "support@jengadigital.co.ke",
  office_hours: { en: "Monday to Friday, 8:00 to 17:00 (EAT)", sw: "Jumatatu hadi Ijumaa" },
  cities: ["Nairobi", "Mombasa"],
  office_addresses: {},
  country: { en: "Kenya" },
  social_links: [{ network: "x", url: "https://x.com/jengadigital" }],
  meta_description: { en: "Websites and apps." },
  author_fallback_bio: { en: "A member of our team." },
  version: 1,
  updated_at: "2026-12-04T00:00:00Z",
};

function configWith(vars: Record<string, string>, row = seeded, locale: "en" | "sw" | "fr" = "en") {
  for (const name of CONTACT_VARIABLES) delete process.env[name];
  Object.assign(process.env, vars);
  return siteConfigOf(localizeSettings(settingsWithEnvDefaults(row, env()), locale), locale);
}

describe("site config", () => {
  it("shows the seeded settings when no variable is set", () => {
    expect(configWith({}, seeded, "sw")).toMatchObject({
      brandName: "Jenga Digital",
      whatsapp: null,
      officeHours: "Jumatatu hadi Ijumaa",
      cities: ["Nairobi", "Mombasa"],
      socialLinks: [{ network: "x", url: "https://x.com/jengadigital" }],
    });
  });

  it("joins the offices' cities in the page's language, so the browser needs no Intl to hydrate", () => {
    expect(configWith({}, seeded, "en").citiesText).toBe("Nairobi and Mombasa");
    expect(configWith({}, seeded, "sw").citiesText).toBe("Nairobi na Mombasa");
    expect(configWith({}, seeded, "fr").citiesText).toBe("Nairobi et Mombasa");
  });

  it("never shows the seed's support address beside the agency's CONTACT_EMAIL", () => {
    const config = configWith({ CONTACT_EMAIL: "office@agency.example" });
    expect(config.email).toBe("office@agency.example");
    expect(config.supportEmail).toBe("office@agency.example");
    expect(
      configWith({
        CONTACT_EMAIL: "office@agency.example",
        CONTACT_SUPPORT_EMAIL: "help@agency.example",
      }).supportEmail,
    ).toBe("help@agency.example");
    // Once an admin saved the settings, the database wins.
    expect(
      configWith({ CONTACT_EMAIL: "office@agency.example" }, { ...seeded, version: 2 })
        .supportEmail,
    ).toBe("support@jengadigital.co.ke");
  });

  it("has no WhatsApp until CONTACT_WHATSAPP is set, then a normalised number", () => {
    expect(configWith({}).whatsapp).toBeNull();
    expect(configWith({ CONTACT_WHATSAPP: "+254 (712) 345-678" }).whatsapp).toBe("254712345678");
    expect(whatsappHref("254712345678", "Hi there")).toBe(
      "https://wa.me/254712345678?text=Hi%20there",
    );
  });

  it("reads every number: national display, E.164 links, no button for what is no number", () => {
    expect(configWith({}).phone).toEqual({ e164: "+254712345678", display: "0712 345 678" });
    const warnings: unknown[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => {
      warnings.push(args.join(" "));
    });
    try {
      // A first-start variable that is no number: no Call button, and the log says why.
      expect(configWith({ CONTACT_PHONE: "piga simu sasa" }).phone).toBeNull();
      expect(warnings.join("\n")).toMatch(/CONTACT_PHONE="piga simu sasa" is not a phone number/);
    } finally {
      warn.mockRestore();
    }
    // Values saved before numbers were checked: the unreadable one gets no button; the
    // WhatsApp digits (country code first, as the field asked) still link.
    const legacy = { ...seeded, version: 2, phone: "0722 OOO 333", whatsapp: "255754123456" };
    expect(configWith({}, legacy)).toMatchObject({ phone: null, whatsapp: "255754123456" });
  });

  it("refuses a WhatsApp value that is not a phone number", () => {
    process.env.CONTACT_WHATSAPP = "call me";
    expect(() => env()).toThrow(/CONTACT_WHATSAPP/);
  });

  it("takes the variables set as first-start values while the settings were never saved", () => {
    const vars = {
      BRAND_NAME: "Acme Studio",
      CONTACT_PHONE: "+254 700 000 001",
      CONTACT_EMAIL: "leads@acme.example",
      CONTACT_CITIES: "Nairobi, Kisumu ,",
      OFFICE_HOURS: "Mon–Sat 9:00–18:00",
    };
    expect(configWith(vars, seeded, "sw")).toMatchObject({
      brandName: "Acme Studio",
      phone: { e164: "+254700000001", display: "0700 000 001" },
      email: "leads@acme.example",
      supportEmail: "leads@acme.example",
      cities: ["Nairobi", "Kisumu"],
      officeHours: "Mon–Sat 9:00–18:00",
    });
  });

  it("ignores the variables once an admin saved the settings", () => {
    const savedByAdmin = { ...seeded, brand_name: "Jenga Digital Ltd", version: 2 };
    expect(
      configWith({ BRAND_NAME: "Acme Studio", CONTACT_WHATSAPP: "254700000001" }, savedByAdmin),
    ).toMatchObject({ brandName: "Jenga Digital Ltd", whatsapp: null });
  });
});
