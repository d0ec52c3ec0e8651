import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import type { Locale } from "~/i18n/locale";
import { ADMIN_PASS, adminPassValue, verifiedAdminPass } from "./admin-pass";
import { COOKIES } from "./cookie-names";
import { isSecureSite, sessionSecret } from "./env.server";

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

/** Remembers the visitor's language for a year (the home page's language suggestion is
 * not shown once a language was chosen). */
export function languageCookie(locale: Locale): string {
  return `${COOKIES.lang}=${locale}; ${attributes(ONE_YEAR)}`;
}

export function bannerDismissed(request: Request): boolean {
  return readCookie(request, COOKIES.bannerDismissed) === "1";
}

export function dismissBannerCookie(): string {
  return `${COOKIES.bannerDismissed}=1; ${attributes(ONE_YEAR)}`;
}

/**
 * "Remember me" unchecked: a browser-session cookie telling the Supabase client factory to drop
 * Max-Age from the session cookies. Checked: the marker is removed and the cookies persist.
 */
export function sessionOnlyCookie(sessionOnly: boolean): string {
  return sessionOnly
    ? `${COOKIES.sessionOnly}=1; ${attributes()}`
    : `${COOKIES.sessionOnly}=; ${attributes(0)}`;
}

/** Expired copies of the request's Supabase cookies (used when the backend cannot sign out). */
export function expiredSupabaseCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0] ?? "")
    .filter((name) => name.startsWith(COOKIES.supabasePrefix));
  return names.map((name) => `${name}=; ${attributes(0)}`);
}

/** A signed-cookie session store (flash messages, onboarding progress), made per secret. */
export function signedCookieStorage<Data = Record<string, unknown>>(name: string, maxAge?: number) {
  type Storage = SessionStorage<Data, Data>;
  let made: { secret: string; storage: Storage } | undefined;
  return () => {
    const secret = sessionSecret();
    if (made?.secret !== secret) {
      const storage = createCookieSessionStorage<Data, Data>({
        cookie: {
          name,
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure: isSecureSite(),
          secrets: [secret],
          ...(maxAge ? { maxAge } : {}),
        },
      });
      made = { secret, storage };
    }
    return made.storage;
  };
}

// ---------------------------------------------------------------------------------------------
// Device cookies (OWASP "Slow brute force / device cookies"): a browser that signed in to an
// address before carries a signed token naming that address, and its sign-in attempts are
// counted apart from everyone else's — failures from elsewhere cannot lock it out.
// ---------------------------------------------------------------------------------------------

const DEVICE_MAX_AGE = ONE_YEAR;

function deviceSignature(email: string, nonce: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`device:${email.toLowerCase()}:${nonce}`)
    .digest("base64url");
}

/** The cookie a successful sign-in sets for `email`. */
export function deviceCookie(email: string): string {
  const nonce = randomBytes(12).toString("base64url");
  const value = `${nonce}.${deviceSignature(email, nonce)}`;
  return `${COOKIES.device}=${value}; ${attributes(DEVICE_MAX_AGE)}`;
}

/** The device's id when the request carries a valid device cookie for `email`, else null. */
export function trustedDevice(request: Request, email: string): string | null {
  const value = readCookie(request, COOKIES.device);
  const [nonce, signature] = value?.split(".") ?? [];
  if (!nonce || !signature || nonce.length > 64) return null;
  const expected = Buffer.from(deviceSignature(email, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

// ---------------------------------------------------------------------------------------------
// Browser cookies: an id of this browser, signed so that a client cannot pick another's, for the
// per-browser limits of mail actions (app/web/mail-limits.server.ts). A browser that drops it
// only loses its own allowance: it is counted against its client address's ceiling alone.
// ---------------------------------------------------------------------------------------------

function browserSignature(id: string): string {
  return createHmac("sha256", sessionSecret()).update(`browser:${id}`).digest("base64url");
}

/** A new browser id and the cookie that carries it for a year. */
export function newBrowserCookie(): { id: string; cookie: string } {
  const id = randomBytes(12).toString("base64url");
  return {
    id,
    cookie: `${COOKIES.browser}=${id}.${browserSignature(id)}; ${attributes(ONE_YEAR)}`,
  };
}

/** The browser's id when the request carries a validly signed browser cookie, else null. */
export function browserId(request: Request): string | null {
  const [id, signature] = readCookie(request, COOKIES.browser)?.split(".") ?? [];
  if (!id || !signature || id.length > 64) return null;
  const expected = Buffer.from(browserSignature(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

// ---------------------------------------------------------------------------------------------
// Admin pass (app/infra/admin-pass.ts): the admin area's proof, for the server's form gate, that
// this browser's session was an administrator's. Priority for posts, never access.
// ---------------------------------------------------------------------------------------------

/** The pass for `userId`, from `nowSeconds` for ADMIN_PASS.lifetimeSeconds. */
export function adminPassCookie(userId: string, nowSeconds: number): string {
  const expiresAt = nowSeconds + ADMIN_PASS.lifetimeSeconds;
  const value = adminPassValue(sessionSecret(), userId, expiresAt);
  return `${COOKIES.adminPass}=${value}; ${attributes(ADMIN_PASS.lifetimeSeconds)}`;
}

/** Removes the pass (sign-out). */
export function expiredAdminPassCookie(): string {
  return `${COOKIES.adminPass}=; ${attributes(0)}`;
}

/** Whether the request carries a valid pass for `userId` that is not due for renewal yet. */
export function hasFreshAdminPass(request: Request, userId: string, nowSeconds: number): boolean {
  const pass = verifiedAdminPass(request.headers.get("Cookie"), sessionSecret(), nowSeconds);
  const renewAt = nowSeconds + ADMIN_PASS.lifetimeSeconds - ADMIN_PASS.renewAfterSeconds;
  return pass?.userId === userId && pass.expiresAt > renewAt;
}
