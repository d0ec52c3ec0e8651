import { describe, expect, it } from "vitest";
import { destinationIn, safeRedirectPath } from "~/lib/safe-redirect";
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

describe("destinationIn (where a sign-in goes on to)", () => {
  it.each([
    ["/portfolio", "sw", "/sw/portfolio"],
    ["/sw/blog/3?tag=web#top", "fr", "/fr/blog/3?tag=web#top"],
    ["/fr/services", "en", "/services"],
    [null, "sw", "/sw/dashboard"],
    ["//evil.example", "sw", "/sw/dashboard"],
    ["/sw/.//evil.example", "en", "/dashboard"],
    ["/sw//evil.example", "en", "/dashboard"],
    ["/admin/posts", "sw", "/admin/posts"],
    ["/media/abc/480.webp", "fr", "/media/abc/480.webp"],
  ] as const)("%j signed in on a %s page → %s", (value, locale, expected) => {
    const fallback = locale === "en" ? "/dashboard" : `/${locale}/dashboard`;
    expect(destinationIn(value, locale, fallback)).toBe(expected);
  });
});
