import { describe, expect, it } from "vitest";
import { initialsOf } from "~/domain/accounts/session-user";

describe("avatar initials", () => {
  it.each([
    ["Amina Wanjiru", "AW"],
    ["Amina W. Otieno", "AO"],
    ["  brian  ", "B"],
    ["", "Z"],
  ])("%j → %s", (fullName, initials) => {
    expect(initialsOf({ fullName, email: "zawadi@example.com" })).toBe(initials);
  });
});
