import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { HOSTILE_REDIRECTS } from "../fixtures/redirect-payloads";

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/portfolio?filter=web#top", "/portfolio?filter=web#top"],
    ["/blog/3", "/blog/3"],
    ["  /profile", "/profile"],
    ["/a/../profile", "/profile"],
  ])("keeps the same-site path %j", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each(HOSTILE_REDIRECTS)("rejects the hostile or foreign value %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("falls back for non-strings and over-long values", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(["/a"])).toBe("/");
    expect(safeRedirectPath(`/${"a".repeat(3000)}`)).toBe("/");
  });

  it("keeps an encoded double slash as a path on this site", () => {
    expect(safeRedirectPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
  });
});
