/**
 * Every cookie the site writes, and which of them make a request personal. `server/` imports
 * this file directly (it imports nothing).
 */

/** Every cookie the site writes (Supabase's own session cookies start with `sb-`). */
export const COOKIES = {
  supabasePrefix: "sb-",
  /** "Remember me" unchecked: session cookies end with the browser session. */
  sessionOnly: "sb-session-only",
  toast: "toast",
  /** Onboarding answers the auth server could not save yet (app/domain/onboarding/progress.server.ts). */
  onboarding: "onboarding",
  bannerDismissed: "email-banner-dismissed",
  /** OWASP device cookie: this browser signed in successfully before (per address). */
  device: "device",
  /** A signed id of this browser: per-browser limits of the mail actions. */
  browser: "browser",
  /** The language the visitor chose (switcher or suggestion): `en`, `sw` or `fr`. */
  lang: "lang",
  /**
   * A signed proof that this browser's session was an administrator's (app/infra/admin-pass.ts):
   * priority for its posts in the server's form gate, never access.
   */
  adminPass: "admin-pass",
} as const;

/** Cookies that make a request personal: a Supabase session or a pending flash message. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:sb-[^=]*|toast)=/;

/** A Supabase session cookie is present (valid or not: only the guard can tell). */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return Boolean(cookie && /(?:^|;\s*)sb-[^=]*=/.test(cookie));
}

export function isPersonalCookieHeader(cookie: string | null | undefined): boolean {
  return Boolean(cookie && PERSONAL_COOKIE.test(cookie));
}

/** The visitor chose a language (a `lang` cookie). */
export function hasLanguageCookie(cookie: string | null | undefined): boolean {
  return Boolean(cookie && /(?:^|;\s*)lang=/.test(cookie));
}
