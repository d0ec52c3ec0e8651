/** An author's picture, or their initials when there is none. */
export function Avatar({
  name,
  src,
  size,
  lazy = false,
}: {
  name: string;
  src: string | null;
  size: number;
  lazy?: boolean;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading={lazy ? "lazy" : undefined}
        className="shrink-0 rounded-full bg-slate-200"
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}
