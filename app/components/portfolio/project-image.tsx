/**
 * A project's picture (800 × 500, decorative: the card's title says what it shows), loaded when
 * it comes near; nothing when the project has none.
 */
export function ProjectImage({ src }: { src: string | null | undefined }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={500}
      loading="lazy"
      decoding="async"
      className="aspect-[8/5] w-full object-cover"
    />
  );
}
