/** Bearer-token checks for /user, /logout and the admin API (GoTrue's auth.go rules). */

import type { RequestHeaders } from "../api-request.ts";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { bearerToken, type JwtClaims } from "../jwt.ts";
import { AuthError, noAuthorization, notAdmin } from "./errors.ts";
import { findUserWithIdentities, type IdentityRow, type UserRow } from "./users.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID_PATTERN.test(value);

const badJwt = (reason: string) => new AuthError(403, "bad_jwt", reason);

/** Verifies the Authorization bearer JWT (401 when absent, 403 bad_jwt when invalid). */
export async function requireClaims(
  ctx: BackendContext,
  headers: RequestHeaders,
): Promise<JwtClaims> {
  const token = bearerToken(headers.authorization);
  if (!token) throw noAuthorization();
  const result = await ctx.keys.verify(token);
  if (!result.ok) {
    const reason = result.expired ? "token has invalid claims: token is expired" : result.reason;
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return result.claims;
}

export interface AuthenticatedUser {
  user: UserRow;
  /** The user's identities as read with it (for `userJson` while nothing changed them). */
  identities: IdentityRow[];
  sessionId: string | undefined;
}

/** Loads the user (and checks the session) named by verified claims, in one statement. */
export async function userFromClaims(tx: Tx, claims: JwtClaims): Promise<AuthenticatedUser> {
  if (typeof claims.sub !== "string" || claims.sub === "") {
    throw badJwt("invalid claim: missing sub claim");
  }
  const claimed = isUuid(claims.session_id) ? claims.session_id : undefined;
  const sessionId = claimed === NIL_UUID ? undefined : claimed;
  const found = isUuid(claims.sub)
    ? await findUserWithIdentities(tx, claims.sub, sessionId)
    : undefined;
  if (!found)
    throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  if (sessionId && !found.sessionFound) {
    throw new AuthError(
      403,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    );
  }
  const { user, identities } = found;
  if (user.banned_until && user.banned_until.getTime() > Date.now()) {
    throw new AuthError(403, "user_banned", "User is banned");
  }
  return { user, identities, sessionId: claimed };
}

/**
 * The `serviceRole` guard of the admin routes (auth/router.ts applies it before their handler):
 * the bearer must be a valid JWT with role service_role/supabase_admin.
 */
export async function requireServiceRole(
  ctx: BackendContext,
  headers: RequestHeaders,
): Promise<void> {
  const claims = await requireClaims(ctx, headers);
  if (claims.role !== "service_role" && claims.role !== "supabase_admin") throw notAdmin();
}
