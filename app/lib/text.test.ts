import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipCodePoints, clipWithEllipsis, codePointLength } from "./text";

const EMOJI = "\u{1F600}";

describe("clipCodePoints", () => {
  it("keeps the emoji the review's crafted campaign ended with (99 letters + 😀 at 100)", () => {
    const crafted = `${"a".repeat(99)}${EMOJI}`;
    expect(crafted.length).toBe(101);
    expect(clipCodePoints(crafted, 100)).toBe(crafted);
    expect(() => JSON.parse(JSON.stringify(clipCodePoints(crafted, 100)))).not.toThrow();
  });

  it("drops a pair whole rather than half of it", () => {
    const text = `${"a".repeat(99)}${EMOJI}${EMOJI}`;
    expect(clipCodePoints(text, 100)).toBe(`${"a".repeat(99)}${EMOJI}`);
    expect(clipCodePoints(`${EMOJI}${EMOJI}`, 1)).toBe(EMOJI);
    expect(clipCodePoints(`${EMOJI}`, 0)).toBe("");
  });

  it("turns a lone surrogate already in the text into U+FFFD", () => {
    expect(clipCodePoints("ab\uD83D", 10)).toBe("ab\uFFFD");
    expect(clipCodePoints("\uDE00x", 10)).toBe("\uFFFDx");
  });

  it("is always well-formed, within the bound, and as long as the bound allows", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), fc.nat(70), (text, max) => {
        const clipped = clipCodePoints(text, max);
        expect(clipped.isWellFormed()).toBe(true);
        expect(codePointLength(clipped)).toBe(Math.min(max, codePointLength(text)));
        // A prefix of the well-formed text: nothing but the cut end changes.
        expect(text.toWellFormed().startsWith(clipped)).toBe(true);
      }),
    );
  });
});

describe("clipWithEllipsis", () => {
  it("leaves text within the bound as it is and ends a cut with …", () => {
    expect(clipWithEllipsis("short", 10)).toBe("short");
    expect(clipWithEllipsis(`${"a".repeat(8)}${EMOJI}${EMOJI}`, 10)).toBe(
      `${"a".repeat(8)}${EMOJI}${EMOJI}`,
    );
    expect(clipWithEllipsis(`${"a".repeat(8)}${EMOJI}${EMOJI}b`, 10)).toBe(
      `${"a".repeat(8)}${EMOJI}…`,
    );
  });
});
