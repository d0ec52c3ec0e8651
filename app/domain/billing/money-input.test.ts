import { describe, expect, it } from "vitest";
import { centsText, parseKesCents, parsePercentBp, percentText } from "./money-input";

describe("parseKesCents", () => {
  it.each([
    ["1500", 150_000],
    ["1,500.50", 150_050],
    ["1 500,50", 150_050],
    ["1.500,50", 150_050],
    ["1\u00a0500,5", 150_050],
    ["Ksh 1,500", 150_000],
    ["KES 1500.5", 150_050],
    ["1,500,000", 150_000_000],
    ["0.01", 1],
    [".5", 50],
    ["10,000,000", 1_000_000_000],
    ["0019.99", 1_999],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseKesCents(text)).toBe(cents);
  });

  it.each([
    "",
    "abc",
    "1.005",
    "1e5",
    "1,50,0",
    "1,500.000",
    "1,500 000",
    "1.500.000,000",
    "10,000,000.01",
    "-5",
    "12 34",
    "99999999999999999",
  ])("refuses %j", (text) => {
    expect(parseKesCents(text)).toBeUndefined();
  });

  it("takes a discount when negatives are allowed", () => {
    expect(parseKesCents("-250", { negative: true })).toBe(-25_000);
    expect(parseKesCents("Ksh -1,000.10", { negative: true })).toBe(-100_010);
  });

  it("reads back what centsText writes, for every cent of a range", () => {
    for (let cents = -2_000; cents <= 2_000; cents += 7) {
      expect(parseKesCents(centsText(cents), { negative: true })).toBe(cents);
    }
    expect(centsText(1_000_000_000)).toBe("10000000.00");
  });
});

describe("parsePercentBp", () => {
  it("reads percentages exactly into basis points", () => {
    expect(parsePercentBp("16")).toBe(1_600);
    expect(parsePercentBp("8,25 %")).toBe(825);
    expect(parsePercentBp("0")).toBe(0);
    expect(parsePercentBp("100")).toBe(10_000);
    expect(parsePercentBp("100.01")).toBeUndefined();
    expect(parsePercentBp("16.125")).toBeUndefined();
    expect(parsePercentBp("-1")).toBeUndefined();
  });
  it("writes them back", () => {
    expect(percentText(1_600)).toBe("16");
    expect(percentText(825)).toBe("8.25");
    expect(percentText(850)).toBe("8.5");
  });
});
