/**
 * Turns an upload into the stored variants with sharp (libvips): the real type is checked by
 * its magic bytes and by decoding it, the pixel count is read from the header before anything is
 * decoded (a 10 000 × 10 000 "decompression bomb" is refused unread), EXIF orientation is applied
 * and then every piece of metadata (EXIF with GPS, XMP, ICC comments…) is dropped, because only
 * freshly encoded pixels are written: 480, 960 and 1600 px wide (never enlarged) in AVIF, WebP
 * and JPEG. The original bytes are never stored or served, so a polyglot file's payload is gone.
 *
 * One image is encoded at a time (a few queue; more are refused), libvips' cache is off, so a
 * burst of uploads cannot take the server's memory.
 */
import sharp, { type Metadata, type Sharp } from "sharp";
// Relative imports with extensions: scripts/seed-media.ts runs this module under plain Node.
import { boundedLane, LaneFullError } from "../../infra/fifo-limit.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  type MediaFormat,
  type MediaWidth,
} from "./limits.ts";
import { type ImageKind, sniffImageKind } from "./sniff.ts";

sharp.cache(false);
sharp.concurrency(1);

const lane = boundedLane(1, 4);

export interface Variant {
  width: MediaWidth;
  format: MediaFormat;
  data: Buffer;
}

export interface EncodedImage {
  kind: ImageKind;
  /** Of the (upright) source image. */
  width: number;
  height: number;
  variants: Variant[];
}

/** libvips' name of each accepted kind (AVIF decodes through libheif). */
const DECODER: Record<ImageKind, string> = {
  jpeg: "jpeg",
  png: "png",
  gif: "gif",
  webp: "webp",
  avif: "heif",
};

const unprocessable = (message: string) => fail("unprocessable", message);

function encoder(image: Sharp, format: MediaFormat): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 2 });
  if (format === "webp") return image.webp({ quality: 72, effort: 4 });
  return image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true });
}

async function encode(bytes: Buffer, kind: ImageKind): Promise<Result<EncodedImage>> {
  const input = { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: "error" as const, pages: 1 };
  let meta: Metadata;
  try {
    // Reads the header only: dimensions are known before a single pixel is decoded.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    return unprocessable(MEDIA_MESSAGES.unreadable);
  }
  if (meta.format !== DECODER[kind]) return unprocessable(MEDIA_MESSAGES.notAnImage);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) return unprocessable(MEDIA_MESSAGES.unreadable);
  if (width * height > MEDIA_LIMITS.maxPixels) return unprocessable(MEDIA_MESSAGES.tooManyPixels);
  const variants: Variant[] = [];
  try {
    for (const target of MEDIA_WIDTHS) {
      // One decode per width (shrink-on-load keeps each small), then each format from it.
      const resized = await sharp(bytes, input)
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width: w, height: h, channels } = resized.info;
      for (const format of ["avif", "webp", "jpg"] as const) {
        const pixels = sharp(resized.data, { raw: { width: w, height: h, channels } });
        variants.push({ width: target, format, data: await encoder(pixels, format).toBuffer() });
      }
    }
  } catch {
    return unprocessable(MEDIA_MESSAGES.unreadable);
  }
  return ok({ kind, width, height, variants });
}

/** The variants of an upload, or the message to show next to the file field. */
export async function encodeImage(bytes: Buffer): Promise<Result<EncodedImage>> {
  if (bytes.length === 0) return unprocessable(MEDIA_MESSAGES.empty);
  if (bytes.length > MEDIA_LIMITS.maxBytes) return fail("too-large", MEDIA_MESSAGES.tooLarge);
  const kind = sniffImageKind(bytes.subarray(0, 64));
  if (!kind) return unprocessable(MEDIA_MESSAGES.notAnImage);
  try {
    return await lane(() => encode(bytes, kind));
  } catch (error) {
    if (error instanceof LaneFullError) {
      return fail("unavailable", "Other images are being processed. Please try again in a moment.");
    }
    throw error;
  }
}
