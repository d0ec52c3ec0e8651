import { isSecureSite, SESSION_ONLY_COOKIE } from "./supabase.server";

/** Set by dismissing the e-mail verification banner (spec: local storage key of the same name). */
export const BANNER_DISMISSED_COOKIE = "email-banner-dismissed";

const ONE_YEAR = 60 * 60 * 24 * 365;

function attributes(maxAge?: number): string {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax"];
  if (isSecureSite()) parts.push("Secure");
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join("; ");
}

/** The raw value of a cookie on the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

export function bannerDismissed(request: Request): boolean {
  return readCookie(request, BANNER_DISMISSED_COOKIE) === "1";
}

export function dismissBannerCookie(): string {
  return `${BANNER_DISMISSED_COOKIE}=1; ${attributes(ONE_YEAR)}`;
}

export function clearBannerCookie(): string {
  return `${BANNER_DISMISSED_COOKIE}=; ${attributes(0)}`;
}

/**
 * "Remember me" unchecked: a browser-session cookie telling the Supabase client factory to drop
 * Max-Age from the session cookies. Checked: the marker is removed and the cookies persist.
 */
export function sessionOnlyCookie(sessionOnly: boolean): string {
  return sessionOnly
    ? `${SESSION_ONLY_COOKIE}=1; ${attributes()}`
    : `${SESSION_ONLY_COOKIE}=; ${attributes(0)}`;
}
