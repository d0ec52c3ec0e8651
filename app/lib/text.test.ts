import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipCodePoints } from "./text";

describe("clipCodePoints", () => {
  it("never splits a surrogate pair: 99 letters and an emoji cut at 100 keep the emoji whole", () => {
    const crafted = `${"a".repeat(99)}😀`;
    expect(clipCodePoints(crafted, 100)).toBe(crafted);
    expect(clipCodePoints(`${crafted}b`, 100)).toBe(crafted);
    expect(clipCodePoints(`${"a".repeat(100)}😀`, 100)).toBe("a".repeat(100));
    // The slice it replaces left half a pair, which JSON.stringify escapes as a lone surrogate.
    expect(JSON.stringify(`${"a".repeat(100)}😀`.slice(0, 101))).toContain("\\ud83d");
  });

  it("counts code points as PostgreSQL's char_length does, and mends lone surrogates", () => {
    expect(clipCodePoints("😀😀😀", 2)).toBe("😀😀");
    expect(clipCodePoints("ab\ud83dcd", 10)).toBe("ab\ufffdcd");
    expect(clipCodePoints("", 5)).toBe("");
    expect(clipCodePoints("abc", 0)).toBe("");
  });

  it("returns a well-formed prefix of at most max code points, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat({ max: 40 }), (text, max) => {
        const clipped = clipCodePoints(text, max);
        expect(clipped.isWellFormed()).toBe(true);
        expect([...clipped].length).toBeLessThanOrEqual(max);
        expect(text.toWellFormed().startsWith(clipped)).toBe(true);
        if ([...text.toWellFormed()].length <= max) expect(clipped).toBe(text.toWellFormed());
      }),
    );
  });
});
