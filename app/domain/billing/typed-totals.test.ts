import { describe, expect, it } from "vitest";
import { typedTotals } from "./typed-totals";

const line = (description: string, quantity: string, price: string, vat = "16") => ({
  description,
  quantity,
  price,
  vat,
});

describe("the totals of lines as typed", () => {
  it("add up as the server and the database do: VAT per line, half away from zero", () => {
    // 2 × 1,500 = 3,000 (VAT 480); 2,000.50 (VAT 320.08); a discount of 0.03 (VAT −0.0048 → 0).
    expect(
      typedTotals([
        line("Design", "2", "1,500"),
        line("Hosting", "1", "2 000,50"),
        line("Discount", "1", "-0.03"),
      ]),
    ).toEqual({ subtotalCents: 500_047, vatCents: 80_008, totalCents: 580_055, incomplete: 0 });
  });

  it("skip blank lines and leave out, counted, those the server would refuse", () => {
    expect(
      typedTotals([
        line("", "1", ""),
        line("Design", "1", "1000"),
        line("Hosting", "0", "500"),
        line("Logo", "1", "2 000,5O"),
        line("Support", "1", "100", "116"),
        line("", "1", "300"),
      ]),
    ).toEqual({ subtotalCents: 100_000, vatCents: 16_000, totalCents: 116_000, incomplete: 4 });
  });
});
