import { describe, expect, it } from "vitest";
import { mailtoHref } from "./mailto";

describe("mailtoHref", () => {
  it("links to the one address it is given, however it is spelled", () => {
    expect(mailtoHref("hello@example.test")).toBe("mailto:hello@example.test");
    const odd = new URL(mailtoHref("hello@example.test?bcc=eve@evil.test"));
    expect(odd.search).toBe("");
    expect(decodeURIComponent(odd.pathname)).toBe("hello@example.test?bcc=eve@evil.test");
  });

  it("encodes the subject and body it is given", () => {
    expect(mailtoHref("a@b.test", { subject: "Web & SEO?", body: "Hi\nthere" })).toBe(
      "mailto:a@b.test?subject=Web%20%26%20SEO%3F&body=Hi%0Athere",
    );
  });
});
