/**
 * Uploaded images (plain data, shared by the server and the forms): the bucket's limits, the
 * variants each upload becomes, and the messages shown next to the file field.
 */
export const MEDIA_LIMITS = {
  /** Bytes of one upload: the `media` bucket's file_size_limit (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Decoded pixels of one upload (about 8000 × 5000); larger images are refused unread. */
  maxPixels: 40_000_000,
  alt: 300,
  originalName: 255,
  /** Images per page of the media library. */
  pageSize: 24,
  /**
   * The width a cover should have at least: the article shows it up to 1104 CSS px wide
   * (app/components/blog/post-article.tsx), and smaller images are never stretched to fill it.
   */
  recommendedWidth: 1200,
} as const;

/** Widths of the stored variants, each in every format below. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const MEDIA_FORMATS = ["avif", "webp", "jpg"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The file input's `accept`: what the server takes (it checks the bytes, not this). */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export const MEDIA_MESSAGES = {
  notAnImage:
    "This file is not a JPEG, PNG, WebP, AVIF or GIF image. Choose a photo or picture in one of those formats (SVG is not accepted).",
  tooLarge: "The image is larger than 5 MB. Choose a smaller file or resize it first.",
  empty: "The file is empty. Choose an image.",
  noFile: "Choose an image to upload.",
  tooManyPixels:
    "The image has too many pixels to process (at most 40 megapixels). Resize it and try again.",
  unreadable: "The image could not be read; it may be damaged. Try another file.",
  inUse: "This image is still used",
} as const;
