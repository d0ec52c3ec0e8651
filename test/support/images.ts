/** Test images made on the fly with sharp (no binary fixtures in the repository). */
import sharp from "sharp";

/** A photo-like JPEG with EXIF: GPS position, camera, and orientation 6 (rotated 90°). */
export function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "Tracker 9000" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "1/1 17/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "36/1 49/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

export function imageOf(
  format: "webp" | "avif" | "gif",
  width = 600,
  height = 400,
): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } },
  });
  return (
    format === "webp" ? base.webp() : format === "avif" ? base.avif() : base.gif()
  ).toBuffer();
}

/** A 10 000 × 10 000 PNG of one colour: ~100 KB on disk, 400 MB once decoded. */
export function decompressionBomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
