import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMpesaPhone, MPESA_PHONE_ERROR, MSISDN, normaliseMpesaPhone } from "./mpesa-phone";

/** The number `typed` is normalised to, or the reason it is refused. */
const read = (typed: string) => {
  const result = normaliseMpesaPhone(typed);
  return result.ok ? result.msisdn : result.reason;
};

describe("M-Pesa phone numbers (app/lib/mpesa-phone.ts)", () => {
  it("reads a Kenyan mobile number however a client types it", () => {
    for (const typed of [
      "0712345678",
      "0712 345 678",
      "0712-345-678",
      "0712.345.678",
      "(0712) 345 678",
      "+254712345678",
      "+254 712 345 678",
      "+254-712-345-678",
      "+254 (0) 712 345 678",
      "+2540712345678",
      "254712345678",
      "254 712 345678",
      "00254712345678",
      "712345678",
      "712 345 678",
      "  0712 345 678  ",
      "0712\u00a0345\u00a0678",
    ]) {
      expect(read(typed), typed).toBe("254712345678");
    }
  });

  it("reads the newer 01… numbers (Safaricom 011…, Airtel 010…) as 2541…", () => {
    expect(read("0112 345 678")).toBe("254112345678");
    expect(read("+254 110 123 456")).toBe("254110123456");
    expect(read("115123456")).toBe("254115123456");
    expect(read("0100 123 456")).toBe("254100123456");
  });

  it("refuses landlines, other countries, letters and wrong lengths, each for its reason", () => {
    expect(read("")).toBe("empty");
    expect(read("   ")).toBe("empty");
    expect(read("020 2345678")).toBe("not-mobile");
    expect(read("+254 20 2345678")).toBe("not-mobile");
    expect(read("+255 754 123 456")).toBe("not-kenyan");
    expect(read("+44 7911 123456")).toBe("not-kenyan");
    expect(read("+1 415 555 2671")).toBe("not-kenyan");
    expect(read("0712 345 67")).toBe("invalid");
    expect(read("0712 345 6789")).toBe("invalid");
    expect(read("071234567")).toBe("invalid");
    expect(read("0722 OOO 333")).toBe("invalid");
    expect(read("M-Pesa 0712345678")).toBe("invalid");
    expect(read("0712345678; DROP TABLE")).toBe("invalid");
    expect(read("+254 712 345 678 ext 4")).toBe("invalid");
    expect(read("0812 345 678")).toBe("invalid");
    expect(read("12")).toBe("invalid");
    expect(read("0".repeat(500))).toBe("invalid");
  });

  it("names a catalogue message for every failure", () => {
    expect(Object.keys(MPESA_PHONE_ERROR).sort()).toEqual(
      ["empty", "invalid", "not-kenyan", "not-mobile"].sort(),
    );
  });

  it("shows a normalised number as Kenyans write it, anything else as it is", () => {
    expect(formatMpesaPhone("254712345678")).toBe("0712 345 678");
    expect(formatMpesaPhone("254112345678")).toBe("0112 345 678");
    expect(formatMpesaPhone("2547 ***** 126")).toBe("2547 ***** 126");
    expect(formatMpesaPhone("")).toBe("");
  });

  // Prefixes libphonenumber's Kenyan plan knows as mobile ranges.
  const prefix = fc.constantFrom(
    "700",
    "712",
    "722",
    "745",
    "790",
    "757",
    "768",
    "110",
    "115",
    "100",
  );
  const subscriber = fc.string({
    unit: fc.constantFrom(..."0123456789"),
    minLength: 6,
    maxLength: 6,
  });
  const separator = fc.constantFrom("", " ", "-", ".", "  ");

  it("property: every way of writing one number gives the same 254… number", () => {
    fc.assert(
      fc.property(prefix, subscriber, separator, fc.nat(4), (p, rest, sep, style) => {
        const nine = `${p}${rest}`;
        const grouped = [nine.slice(0, 3), nine.slice(3, 6), nine.slice(6)].join(sep);
        const typed = [
          `0${grouped}`,
          `+254${sep}${grouped}`,
          `254${grouped}`,
          grouped,
          `(0${nine.slice(0, 3)})${sep}${nine.slice(3)}`,
        ][style]!;
        expect(read(typed)).toBe(`254${nine}`);
        expect(formatMpesaPhone(`254${nine}`)).toBe(
          `0${nine.slice(0, 3)} ${nine.slice(3, 6)} ${nine.slice(6)}`,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("property: any text gives a Daraja number or a typed failure, never an exception", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."0123456789 +-.()") })),
        (typed) => {
          const result = normaliseMpesaPhone(typed);
          if (result.ok) expect(result.msisdn).toMatch(MSISDN);
          else expect(Object.keys(MPESA_PHONE_ERROR)).toContain(result.reason);
        },
      ),
      { numRuns: 500 },
    );
  });
});
