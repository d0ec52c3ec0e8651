/**
 * A `redirectTo`/`next` value made safe to redirect to: only a path on this site. Anything that
 * could leave the origin (`//evil.com`, `/\evil.com`, `https://…`, `javascript:…`, control
 * characters that browsers strip) falls back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.length > 2048) return fallback;
  if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return fallback;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(path, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path (with query) of a request, for "come back here" redirects. */
export function currentPath(url: URL): string {
  return url.pathname + url.search;
}
