import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

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

  it.each([
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "\\\\evil.com",
    "https://evil.com/dashboard",
    "http:evil.com",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.com",
    "dashboard",
    "/\t/evil.com",
    "/\n/evil.com",
    "/%0a/evil.com".replace("%0a", "\u0000"),
    "",
    " ",
    // Values that only become protocol-relative after normalisation (dot segments, %2e).
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/%2e//evil.example/phish",
    "/%2E%2E//evil.example/phish",
    "/a/..//evil.example/phish",
    "/a/b/../..//evil.example",
    "/./\\evil.example",
  ])("rejects the hostile or foreign value %j", (value) => {
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
