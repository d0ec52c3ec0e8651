import { describe, expect, it } from "vitest";
import { isNewcomer, NEWCOMER_MS } from "~/domain/accounts/newcomer";

describe("a newcomer (welcomed, not welcomed back)", () => {
  const created = "2026-11-28T08:00:00.000Z";
  const at = (ms: number) => Date.parse(created) + ms;

  it("is an account in its first day", () => {
    expect(isNewcomer(created, at(0))).toBe(true);
    expect(isNewcomer(created, at(NEWCOMER_MS - 1))).toBe(true);
  });

  it("is not one from the day after on, nor one whose creation is unknown", () => {
    expect(isNewcomer(created, at(NEWCOMER_MS))).toBe(false);
    expect(isNewcomer(created, at(3 * NEWCOMER_MS))).toBe(false);
    expect(isNewcomer(undefined, at(0))).toBe(false);
    expect(isNewcomer("not a date", at(0))).toBe(false);
  });
});
