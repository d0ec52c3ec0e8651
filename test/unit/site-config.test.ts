import { afterEach, describe, expect, it } from "vitest";
import { getSiteConfig } from "~/infra/site-config.server";
import { whatsappHref } from "~/lib/site-config";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("site config", () => {
  it("has no WhatsApp until CONTACT_WHATSAPP is set, then a normalised number", () => {
    delete process.env.CONTACT_WHATSAPP;
    expect(getSiteConfig().whatsapp).toBeNull();
    process.env.CONTACT_WHATSAPP = "+254 (712) 345-678";
    expect(getSiteConfig().whatsapp).toBe("254712345678");
    expect(whatsappHref("254712345678", "Hi there")).toBe(
      "https://wa.me/254712345678?text=Hi%20there",
    );
  });

  it("refuses a WhatsApp value that is not a phone number", () => {
    process.env.CONTACT_WHATSAPP = "call me";
    expect(() => getSiteConfig()).toThrow(/CONTACT_WHATSAPP/);
  });

  it("reads the cities and office hours from the environment", () => {
    process.env.CONTACT_CITIES = "Nairobi, Kisumu ,";
    process.env.OFFICE_HOURS = "Mon–Sat 9:00–18:00";
    expect(getSiteConfig()).toMatchObject({
      cities: ["Nairobi", "Kisumu"],
      officeHours: "Mon–Sat 9:00–18:00",
    });
  });
});
