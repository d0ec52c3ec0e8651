/**
 * The admin pass: a cookie the admin area sets once it has verified an administrator's session
 * (app/web/admin-pass.server.ts), signed with the site's secret, naming the user and when the
 * pass ends. The server's form gate (server/form-gate.ts) checks it in microseconds, before a
 * post's body is read and without asking the auth server, to give administrators' posts their
 * reserved share of admission. It buys priority in that line only, never access: every admin
 * loader and action still asks the auth server, and the database's RLS still decides. `server/`
 * imports this file directly (it imports nothing of the app).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { COOKIES } from "./cookie-names.ts";

/** How long a pass lasts, and after how long the admin area issues a fresh one. */
export const ADMIN_PASS = { lifetimeSeconds: 8 * 60 * 60, renewAfterSeconds: 60 * 60 } as const;

/** A user id as the auth server writes them (a UUID), bounded. */
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

function signature(secret: string, userId: string, expiresAt: number): Buffer {
  // Its own prefix: no other cookie signed with the same secret reads as a pass.
  return createHmac("sha256", secret).update(`admin-pass/v1:${userId}:${expiresAt}`).digest();
}

/** The cookie's value for `userId`, ending at `expiresAt` (seconds since the epoch). */
export function adminPassValue(secret: string, userId: string, expiresAt: number): string {
  return `${userId}.${expiresAt}.${signature(secret, userId, expiresAt).toString("base64url")}`;
}

/** The pass a Cookie header carries (unchecked), or undefined. */
function passOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const name = `${COOKIES.adminPass}=`;
  let start = cookieHeader.indexOf(name);
  // The name must start the header or follow "; " (not end another cookie's name).
  while (start > 0 && !/[;\s]/.test(cookieHeader[start - 1] as string)) {
    start = cookieHeader.indexOf(name, start + 1);
  }
  if (start < 0) return undefined;
  const from = start + COOKIES.adminPass.length + 1;
  const end = cookieHeader.indexOf(";", from);
  return cookieHeader.slice(from, end < 0 ? undefined : end).trim();
}

export interface AdminPass {
  userId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * The valid pass of a Cookie header: signed with `secret`, not expired (at `nowSeconds`), and
 * ending no later than a pass issued now would. Anything else — no pass, a forged, altered,
 * expired or other-secret one — is null.
 */
export function verifiedAdminPass(
  cookieHeader: string | null | undefined,
  secret: string,
  nowSeconds: number,
): AdminPass | null {
  const value = passOf(cookieHeader);
  if (!value || value.length > 160) return null;
  const [userId = "", expires = "", given = ""] = value.split(".");
  if (!USER_ID.test(userId) || !/^\d{1,12}$/.test(expires)) return null;
  const expiresAt = Number(expires);
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + ADMIN_PASS.lifetimeSeconds) return null;
  const expected = signature(secret, userId, expiresAt);
  const presented = Buffer.from(given, "base64url");
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  return { userId, expiresAt };
}
