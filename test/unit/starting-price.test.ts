import { describe, expect, it } from "vitest";
import { formatStartingPrice } from "~/domain/site/localize.server";

/** The services list's "From Ksh …" line, per unit and language (issue 44, item 11). */
describe("where a service's price starts", () => {
  // The formats put a no-break space between currency and amount; compared as plain spaces.
  const starting = (min: number, unit: string, locale: "en" | "sw" | "fr") =>
    formatStartingPrice({ min, unit }, locale).replace(/[\u00a0\u202f]/g, " ");

  it("says the lowest price with its unit, in each language", () => {
    expect(starting(50000, "project", "en")).toBe("From Ksh 50,000");
    expect(starting(10000, "year", "en")).toBe("From Ksh 10,000 per year");
    expect(starting(0.7, "sms", "en")).toBe("From Ksh 0.7 per SMS");
    expect(starting(50000, "project", "sw")).toBe("Kuanzia Ksh 50,000");
    expect(starting(5000, "month", "fr")).toBe("À partir de 5 000 KES par mois");
  });
});
