import { cappedSizes, mediaHashOf, mediaPath, srcSetOf } from "~/domain/media/urls";

/**
 * An image, responsive when it is an upload (`/media/<hash>/…`): AVIF and WebP sources at 480,
 * 960 and 1600 px with a JPEG fallback, the browser picking by `sizes`. Any other site path is a
 * plain `<img>`; an image on another host is not shown (`fallback` instead, if given), as the
 * CSP only allows the site's own images.
 *
 * `intrinsic`: an upload's real width from the media library. Given, the image is never shown
 * wider than it is (its `max-width`), and `srcset`/`sizes` name the variants' real widths.
 */
export function MediaPicture({
  src,
  fallback,
  alt = "",
  sizes,
  width,
  height,
  loading = "lazy",
  className,
  intrinsic,
  lang,
}: {
  src: string | null | undefined;
  fallback?: string;
  alt?: string;
  sizes: string;
  width: number;
  height: number;
  /** `priority`: above the fold and the page's main image (fetched first); `lazy` below the fold. */
  loading?: "lazy" | "eager" | "priority";
  className?: string;
  intrinsic?: number;
  /** The language of `alt` where it differs from the text around the image. */
  lang?: string;
}) {
  const hash = mediaHashOf(src);
  const sitePath = src?.startsWith("/") && !src.startsWith("//") ? src : undefined;
  const plain = sitePath ?? fallback;
  const lazy = loading === "lazy";
  const timing = {
    loading: lazy ? ("lazy" as const) : undefined,
    fetchPriority: loading === "priority" ? ("high" as const) : undefined,
    decoding: lazy ? ("async" as const) : undefined,
  };
  const capped = intrinsic ? { maxWidth: `min(100%, ${intrinsic}px)` } : undefined;
  if (!hash) {
    if (!plain) return null;
    return (
      <img
        src={plain}
        alt={alt}
        lang={lang}
        width={width}
        height={height}
        className={className}
        {...timing}
      />
    );
  }
  const slots = cappedSizes(sizes, intrinsic);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(hash, "avif", intrinsic)} sizes={slots} />
      <source type="image/webp" srcSet={srcSetOf(hash, "webp", intrinsic)} sizes={slots} />
      <img
        src={mediaPath(hash, 960, "jpg")}
        srcSet={srcSetOf(hash, "jpg", intrinsic)}
        sizes={slots}
        alt={alt}
        lang={lang}
        style={capped}
        width={width}
        height={height}
        className={className}
        {...timing}
      />
    </picture>
  );
}
