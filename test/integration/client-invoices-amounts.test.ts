/**
 * The amount a client types for an M-Pesa push, read exactly (no float) into whole shillings'
 * cents, and the default amount: the balance rounded up to the shilling (M-Pesa takes no cents).
 */
import { describe, expect, it } from "vitest";
import { dueCents, shillingsToCents } from "~/domain/billing/client-invoices.server";

describe("an M-Pesa amount as typed", () => {
  it.each([
    ["1500", 150_000],
    ["1,500", 150_000],
    ["1 500", 150_000],
    ["1\u00a0500", 150_000],
    ["KES 1,500", 150_000],
    ["Ksh 250000", 25_000_000],
    ["1500.00", 150_000],
    ["1500,00", 150_000],
    [" 7 ", 700],
  ])("reads %j as %i cents", (typed, cents) => {
    expect(shillingsToCents(typed)).toBe(cents);
  });

  it.each([
    "",
    "1500.50",
    "1 500,50",
    "0.5",
    "-100",
    "1e3",
    "15OO",
    "1,50",
    "12345678901234567890",
  ])("refuses %j", (typed) => {
    expect(shillingsToCents(typed)).toBeNull();
  });
});

describe("the amount a push asks for by default", () => {
  it("is the balance rounded up to the shilling", () => {
    expect(dueCents(1_160_050)).toBe(1_160_100);
    expect(dueCents(1_160_000)).toBe(1_160_000);
    expect(dueCents(1)).toBe(100);
  });
});
