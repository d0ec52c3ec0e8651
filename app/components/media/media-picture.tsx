import { mediaHashOf, mediaPath, srcSetOf } from "~/domain/media/urls";

/**
 * An image, responsive when it is an upload (`/media/<hash>/…`): AVIF and WebP sources at 480,
 * 960 and 1600 px with a JPEG fallback, the browser picking by `sizes`. Any other site path is a
 * plain `<img>`; an image on another host is not shown (`fallback` instead, if given), as the
 * CSP only allows the site's own images.
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
  if (!hash) {
    if (!plain) return null;
    return (
      <img src={plain} alt={alt} width={width} height={height} className={className} {...timing} />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(hash, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(hash, "webp")} sizes={sizes} />
      <img
        src={mediaPath(hash, 960, "jpg")}
        srcSet={srcSetOf(hash, "jpg")}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        className={className}
        {...timing}
      />
    </picture>
  );
}
