/**
 * Where uploaded images are served: `/media/<hash>/<width>.<format>` on the site's own origin.
 * A post's cover stores the JPEG fallback of the largest variant; `<picture>` sources for the
 * other formats and widths are derived from its hash.
 */
import { MEDIA_FORMATS, MEDIA_WIDTHS, type MediaFormat, type MediaWidth } from "./limits";

/** The Storage bucket of uploaded images (migration 20261201000001_media.sql). */
export const MEDIA_BUCKET = "media";

const MEDIA_URL = /^\/media\/([0-9a-f]{32})\/(480|960|1600)\.(avif|webp|jpg)$/;
export const MEDIA_HASH = /^[0-9a-f]{32}$/;

export const CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** The object key of a variant in the `media` bucket. */
export function mediaKey(hash: string, width: MediaWidth, format: MediaFormat): string {
  return `${hash}/${width}.${format}`;
}

export function mediaPath(hash: string, width: MediaWidth, format: MediaFormat): string {
  return `/media/${mediaKey(hash, width, format)}`;
}

/** What a post's `cover_image` stores for an uploaded image. */
export function coverUrlOf(hash: string): string {
  return mediaPath(hash, 1600, "jpg");
}

/** The hash of an uploaded image's URL (`/media/<hash>/…`), or null for anything else. */
export function mediaHashOf(url: string | null | undefined): string | null {
  return url ? (MEDIA_URL.exec(url)?.[1] ?? null) : null;
}

/**
 * The real width of each stored variant of an image `original` px wide (variants are never
 * enlarged: a 720 px upload's "960" and "1600" files are both 720 px), each width once.
 */
export function variantWidths(original?: number): { file: MediaWidth; width: number }[] {
  const seen = new Set<number>();
  const out: { file: MediaWidth; width: number }[] = [];
  for (const file of MEDIA_WIDTHS) {
    const width = original ? Math.min(file, original) : file;
    if (!seen.has(width)) out.push({ file, width });
    seen.add(width);
  }
  return out;
}

/**
 * `…/480.webp 480w, …/960.webp 960w, …/1600.webp 1600w`, each with its real width when the
 * original's is known, so that the browser never counts on pixels the file does not have.
 */
export function srcSetOf(hash: string, format: MediaFormat, original?: number): string {
  return variantWidths(original)
    .map(({ file, width }) => `${mediaPath(hash, file, format)} ${width}w`)
    .join(", ");
}

/**
 * `sizes` for an image `original` px wide: no slot wider than the image itself, so the
 * browser neither fetches nor shows more than its own width (each length is capped).
 */
export function cappedSizes(sizes: string, original?: number): string {
  if (!original) return sizes;
  return sizes
    .split(",")
    .map((entry) => {
      const trimmed = entry.trim();
      // The slot's length ends the entry: a number with its unit, or a calc()/min()/max().
      const length = /(?:(?:calc|min|max|clamp)\(.*\)|[\d.]+[a-z]+)$/.exec(trimmed)?.[0] ?? "";
      if (!length) return trimmed;
      const condition = trimmed.slice(0, trimmed.length - length.length).trim();
      const px = /^(\d+(?:\.\d+)?)px$/.exec(length);
      const capped = px
        ? `${Math.min(Number(px[1]), original)}px`
        : `min(${length}, ${original}px)`;
      return condition ? `${condition} ${capped}` : capped;
    })
    .join(", ");
}

/** Every object key of one image (its 9 variants). */
export function allKeysOf(hash: string): string[] {
  return MEDIA_WIDTHS.flatMap((width) =>
    MEDIA_FORMATS.map((format) => mediaKey(hash, width, format)),
  );
}
