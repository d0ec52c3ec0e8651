/** "Amina Wanjiru" → "AW"; the first letter of a single word; "?" for nothing. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "?";
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/**
 * Whether a picture may be drawn: pages load images from the site itself only (CSP `img-src
 * 'self' data:`), so an avatar URL on another host — user-entered on /profile — is not shown.
 */
export function isSitePicture(src: string | null | undefined): src is string {
  return (
    typeof src === "string" && src.startsWith("/") && !src.startsWith("//") && !src.includes("\\")
  );
}

/**
 * A person's picture over their initials. The picture is a background layer: when it is
 * missing, on another site, or fails to load, nothing is drawn and the initials show — with or
 * without JS, and never a broken-image icon.
 */
export function Avatar({
  name,
  src,
  size,
  className = "",
  text,
}: {
  name: string;
  src: string | null;
  size: number;
  className?: string;
  /** The letters to show instead of the name's initials. */
  text?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white ${className}`}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.36)) }}
    >
      {text ?? initials(name)}
      {isSitePicture(src) ? (
        <span
          data-avatar-picture=""
          className="absolute inset-0 bg-cover bg-center"
          style={{ backgroundImage: `url(${JSON.stringify(src)})` }}
        />
      ) : null}
    </span>
  );
}
