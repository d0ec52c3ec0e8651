import { describe, expect, it } from "vitest";
import { BodyBudget, BodyReservation } from "../body-budget.ts";

describe("BodyBudget", () => {
  it("refuses what does not fit and takes it back once released", () => {
    const budget = new BodyBudget(100);
    const first = new BodyReservation(budget);
    const second = new BodyReservation(budget);
    expect(first.take(60)).toBe(true);
    expect(second.take(50)).toBe(false);
    expect(budget.refused).toBe(1);
    expect(second.take(40)).toBe(true);
    expect(budget.inUse).toBe(100);
    first.release();
    first.release();
    expect(budget.inUse).toBe(40);
    expect(first.take(1)).toBe(false);
    second.release();
    expect(budget.inUse).toBe(0);
  });
});
