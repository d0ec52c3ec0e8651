/**
 * Image bombs: a 10 000 × 10 000 PNG is ~100 KB on the wire and 300 MB once decoded. It is
 * refused from its header — fast, and without the decoded pixels ever existing.
 */
import { describe, expect, it } from "vitest";
import { encodeImage } from "~/domain/media/encode.server";
import { MEDIA_MESSAGES } from "~/domain/media/limits";
import { decompressionBomb } from "../support/images";

describe("decompression bomb", () => {
  it("refuses a 10 000 × 10 000 image in well under a second without exhausting memory", async () => {
    const bomb = await decompressionBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 5 }, () => encodeImage(bomb)));
    const elapsed = performance.now() - started;
    const grew = (process.memoryUsage().rss - rss) / 1024 / 1024;
    for (const result of results) {
      expect(result).toMatchObject({
        ok: false,
        kind: "unprocessable",
        message: MEDIA_MESSAGES.tooManyPixels,
      });
    }
    console.log(`5 bombs refused in ${elapsed.toFixed(0)} ms, RSS +${grew.toFixed(1)} MB`);
    expect(elapsed).toBeLessThan(2000);
    expect(grew).toBeLessThan(64);
  });
});
