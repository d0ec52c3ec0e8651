import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { linkify } from "~/lib/linkify";

describe("linkify", () => {
  it("links http(s) addresses only, leaving the sentence's punctuation out", () => {
    expect(linkify("See https://example.com/a?b=1. Or http://x.test/(y), then.")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ". Or " },
      { text: "http://x.test/(y", href: "http://x.test/(y" },
      { text: "), then." },
    ]);
  });

  it("never links another scheme or a bare domain", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "mailto:a@b.test",
      "example.com",
      "https://",
    ]) {
      expect(
        linkify(text).some((piece) => piece.href),
        text,
      ).toBe(false);
    }
  });

  it("keeps markup as text when rendered", () => {
    const html = renderToStaticMarkup(
      <p>
        {linkify('<img src=x onerror="alert(1)"> https://a.test/"><script>').map((piece) =>
          piece.href ? (
            <a key={piece.text} href={piece.href}>
              {piece.text}
            </a>
          ) : (
            piece.text
          ),
        )}
      </p>,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain('href="https://a.test/"');
  });
});
