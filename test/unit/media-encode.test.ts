import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeImage } from "~/domain/media/encode.server";
import { MEDIA_MESSAGES } from "~/domain/media/limits";
import { sniffImageKind } from "~/domain/media/sniff";
import { imageOf, jpegWithGps, pngOf } from "../support/images";

const failureOf = async (bytes: Buffer) => {
  const result = await encodeImage(bytes);
  if (result.ok) throw new Error("expected a refusal");
  return result;
};

describe("upload validation", () => {
  it("decides the type by magic bytes, whatever the name or claimed type", async () => {
    expect(sniffImageKind(await jpegWithGps(10, 10))).toBe("jpeg");
    expect(sniffImageKind(await pngOf(10, 10))).toBe("png");
    expect(sniffImageKind(await imageOf("webp", 10, 10))).toBe("webp");
    expect(sniffImageKind(await imageOf("avif", 10, 10))).toBe("avif");
    expect(sniffImageKind(await imageOf("gif", 10, 10))).toBe("gif");
    expect(sniffImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageKind(Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1heic"))).toBeNull();
  });

  it("refuses a text file named .jpg, an SVG and an empty file", async () => {
    expect(await failureOf(Buffer.from("just some text, honest"))).toMatchObject({
      kind: "unprocessable",
      message: MEDIA_MESSAGES.notAnImage,
    });
    expect((await failureOf(Buffer.from("<svg onload=alert(1)/>"))).message).toBe(
      MEDIA_MESSAGES.notAnImage,
    );
    expect(await failureOf(Buffer.alloc(0))).toMatchObject({ message: MEDIA_MESSAGES.empty });
  });

  it("refuses a file over 5 MB before decoding it", async () => {
    const big = Buffer.concat([await jpegWithGps(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await failureOf(big)).toMatchObject({
      kind: "too-large",
      message: MEDIA_MESSAGES.tooLarge,
    });
  });

  it("refuses magic bytes that do not decode (a GIF header in front of a script)", async () => {
    const fake = Buffer.from("GIF89a/*\x00\x00*/=alert(document.domain)//");
    expect(await failureOf(fake)).toMatchObject({ message: MEDIA_MESSAGES.unreadable });
    const truncated = (await jpegWithGps(400, 300)).subarray(0, 200);
    expect((await failureOf(truncated)).kind).toBe("unprocessable");
  });

  it("re-encodes a polyglot: a real JPEG carrying HTML keeps only its pixels", async () => {
    const payload = "<html><script>alert('polyglot')</script></html>";
    const polyglot = Buffer.concat([await jpegWithGps(800, 600), Buffer.from(payload)]);
    const result = await encodeImage(polyglot);
    if (!result.ok) throw new Error(result.message);
    for (const variant of result.value.variants) {
      expect(variant.data.includes("<script>")).toBe(false);
    }
  });
});

describe("re-encoding", () => {
  it("makes 480/960/1600 px AVIF, WebP and JPEG without any metadata (GPS stripped)", async () => {
    const source = await jpegWithGps(2400, 1600);
    const before = await sharp(source).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes("SpyCam")).toBe(true);
    const result = await encodeImage(source);
    if (!result.ok) throw new Error(result.message);
    // Orientation 6 applied: the upright image is 1600 × 2400.
    expect(result.value).toMatchObject({ kind: "jpeg", width: 1600, height: 2400 });
    expect(result.value.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      "480.avif",
      "480.webp",
      "480.jpg",
      "960.avif",
      "960.webp",
      "960.jpg",
      "1600.avif",
      "1600.webp",
      "1600.jpg",
    ]);
    for (const variant of result.value.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif, `${variant.width}.${variant.format}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.width).toBe(variant.width);
      expect(meta.format).toBe(
        variant.format === "jpg" ? "jpeg" : variant.format === "avif" ? "heif" : "webp",
      );
      expect(variant.data.includes("SpyCam")).toBe(false);
    }
  });

  it("never enlarges a small image and takes PNG, WebP, AVIF and GIF", async () => {
    for (const source of [
      await pngOf(700, 300),
      await imageOf("webp", 700, 300),
      await imageOf("avif", 700, 300),
      await imageOf("gif", 700, 300),
    ]) {
      const result = await encodeImage(source);
      if (!result.ok) throw new Error(result.message);
      const widths = await Promise.all(
        result.value.variants.map(async (v) => (await sharp(v.data).metadata()).width),
      );
      expect(widths).toEqual([480, 480, 480, 700, 700, 700, 700, 700, 700]);
    }
  });
});
