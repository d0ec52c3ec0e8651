import { describe, expect, it } from "vitest";
import { movedLocation } from "../moved-query.ts";

describe("a moved page's Location for the URL asked", () => {
  it("gets back the parameters the canonical render left out", () => {
    expect(
      movedLocation(301, "/fr/services/aerial", "/fr/services/drone?utm_source=wa&fbclid=x"),
    ).toBe("/fr/services/aerial?utm_source=wa&fbclid=x");
    expect(movedLocation(308, "/services/aerial#faq", "/services/drone?utm_campaign=a%20b")).toBe(
      "/services/aerial?utm_campaign=a+b#faq",
    );
  });

  it("keeps the Location's own parameters and changes nothing else", () => {
    expect(
      movedLocation(301, "/portfolio?project=new", "/portfolio?project=old&utm_source=x"),
    ).toBe("/portfolio?project=new&utm_source=x");
    expect(movedLocation(301, "/services/aerial", "/services/drone")).toBe("/services/aerial");
    expect(movedLocation(301, "/services/aerial", "/services/drone?")).toBe("/services/aerial");
    // Only moves: a sign-in redirect or a form's answer keeps its own Location.
    expect(movedLocation(302, "/login", "/portfolio?utm_source=x")).toBe("/login");
    // Only this site's paths.
    expect(movedLocation(301, "https://elsewhere.example/", "/a?b=c")).toBe(
      "https://elsewhere.example/",
    );
    expect(movedLocation(301, "//elsewhere.example/", "/a?b=c")).toBe("//elsewhere.example/");
  });
});
