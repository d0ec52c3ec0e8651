/** An upload is never offered, nor shown, wider than it is (issue 26 item 8). */
import { describe, expect, it } from "vitest";
import { cappedSizes, srcSetOf } from "~/domain/media/urls";

const hash = "a".repeat(32);

describe("srcset of an upload", () => {
  it("names each variant's real width: a 720 px image has no 960 or 1600 px candidate", () => {
    expect(srcSetOf(hash, "webp", 720)).toBe(
      `/media/${hash}/480.webp 480w, /media/${hash}/960.webp 720w`,
    );
    expect(srcSetOf(hash, "jpg", 1200)).toBe(
      `/media/${hash}/480.jpg 480w, /media/${hash}/960.jpg 960w, /media/${hash}/1600.jpg 1200w`,
    );
    expect(srcSetOf(hash, "avif", 300)).toBe(`/media/${hash}/480.avif 300w`);
  });

  it("keeps every width when the original is unknown or larger", () => {
    const all = `/media/${hash}/480.jpg 480w, /media/${hash}/960.jpg 960w, /media/${hash}/1600.jpg 1600w`;
    expect(srcSetOf(hash, "jpg")).toBe(all);
    expect(srcSetOf(hash, "jpg", 4000)).toBe(all);
  });
});

describe("sizes of an upload", () => {
  it("caps every slot at the image's own width", () => {
    expect(cappedSizes("(min-width: 1152px) 1104px, calc(100vw - 2rem)", 720)).toBe(
      "(min-width: 1152px) 720px, min(calc(100vw - 2rem), 720px)",
    );
    expect(cappedSizes("(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw", 2000)).toBe(
      "(min-width: 1024px) 360px, (min-width: 640px) min(50vw, 2000px), min(100vw, 2000px)",
    );
    expect(cappedSizes("100vw")).toBe("100vw");
  });
});
