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

/** `…/480.webp 480w, …/960.webp 960w, …/1600.webp 1600w` */
export function srcSetOf(hash: string, format: MediaFormat): string {
  return MEDIA_WIDTHS.map((width) => `${mediaPath(hash, width, format)} ${width}w`).join(", ");
}

/** Every object key of one image (its 9 variants). */
export function allKeysOf(hash: string): string[] {
  return MEDIA_WIDTHS.flatMap((width) =>
    MEDIA_FORMATS.map((format) => mediaKey(hash, width, format)),
  );
}
