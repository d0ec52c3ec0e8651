import { describe, expect, it } from "vitest";
import { phoneOf, readPhone } from "~/lib/phone";
import { telHref, whatsappHref } from "~/lib/site-config";

/** The number `typed` is read as, or the reason it is refused. */
const read = (typed: string) => {
  const result = readPhone(typed);
  return result.ok ? result.number : result.reason;
};

describe("phone numbers (app/lib/phone.ts)", () => {
  it("reads a Kenyan number however it is written, as E.164 shown in groups of three", () => {
    const mobile = { e164: "+254712345678", display: "0712 345 678" };
    for (const typed of [
      "0712 345 678",
      "0712-345-678",
      "0712345678",
      "712345678",
      "(0712) 345 678",
      "+254 712 345 678",
      "+254712345678",
      "254712345678",
      "254 712 345 678",
      " 0712.345.678 ",
    ]) {
      expect(read(typed), typed).toEqual(mobile);
    }
    expect(read("0112 345 678")).toEqual({ e164: "+254112345678", display: "0112 345 678" });
    // A Nairobi landline keeps the national format of Kenya's numbering plan.
    expect(read("020 2345678")).toEqual({ e164: "+254202345678", display: "020 2345678" });
  });

  it("reads another country's number written with its + and shows it internationally", () => {
    expect(read("+44 20 7946 0958")).toEqual({
      e164: "+442079460958",
      display: "+44 20 7946 0958",
    });
    expect(read("+255 754 123 456")).toEqual({
      e164: "+255754123456",
      display: "+255 754 123 456",
    });
    // The WhatsApp field used to take digits with the country code first.
    expect(read("255754123456")).toEqual({ e164: "+255754123456", display: "+255 754 123 456" });
  });

  it("refuses letters, words and digits no numbering plan has", () => {
    expect(read("0722 OOO 333")).toBe("characters");
    expect(read("piga simu sasa")).toBe("characters");
    expect(read("call +254 712")).toBe("characters");
    expect(read("0712 + 345")).toBe("characters");
    expect(read("+254 712 345 678 ext 4")).toBe("characters");
    expect(read("0722333")).toBe("invalid");
    expect(read("+44 20 7946")).toBe("invalid");
    expect(read("+255 754")).toBe("invalid");
    expect(read("12")).toBe("invalid");
    expect(read("   ")).toBe("empty");
    expect(read(`0712 ${"3".repeat(60)}`)).toBe("characters");
  });

  it("links in E.164: tel:+254…, wa.me/254…; no number, no link", () => {
    const number = phoneOf("0722 333 444");
    expect(number && telHref(number)).toBe("tel:+254722333444");
    expect(whatsappHref(String(number?.e164.slice(1)))).toBe("https://wa.me/254722333444");
    expect(phoneOf("0722 OOO 333")).toBeNull();
    expect(phoneOf("piga simu sasa")).toBeNull();
    expect(phoneOf("")).toBeNull();
    expect(phoneOf(null)).toBeNull();
  });
});
