/**
 * Sessions, refresh-token rotation and access tokens (the claims GoTrue signs).
 * Rotation tolerates re-use of a just-rotated refresh token for the reuse interval (10 s, like
 * hosted projects), so parallel SSR requests sharing one cookie do not sign users out.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { CommittedFailure, transactionKeepingFailures } from "./committed.ts";
import { AuthError, validationFailed } from "./errors.ts";
import { findUserById, type UserRow, updateUser, userJson } from "./users.ts";
import type { JsonObject } from "./validation.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AmrEntry {
  method: string;
  timestamp: number;
}

interface SessionRow {
  id: string;
  user_id: string;
  amr: AmrEntry[];
}

interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newRefreshToken = () => randomBytes(16).toString("base64url");

function refreshError(code: string, message: string): AuthError {
  return new AuthError(400, code, `Invalid Refresh Token: ${message}`);
}

async function insertRefreshToken(
  tx: Tx,
  user: UserRow,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    "insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)",
    [token, user.id, sessionId, parent],
  );
  return token;
}

/** The AccessTokenResponse body, as GoTrue sends it. */
export async function tokenResponse(
  tx: Tx,
  ctx: BackendContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
): Promise<JsonObject> {
  const iat = nowSeconds();
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await ctx.keys.sign({
    aud: "authenticated",
    exp,
    iat,
    iss: `${ctx.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role,
    aal: "aal1",
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

/** Starts a new session for a signed-in user. `method` becomes the amr entry. */
export async function issueSession(
  tx: Tx,
  ctx: BackendContext,
  user: UserRow,
  method: string,
): Promise<JsonObject> {
  const sessionId = randomUUID();
  const amr: AmrEntry[] = [{ method, timestamp: nowSeconds() }];
  await tx.query("insert into auth.sessions (id, user_id, amr) values ($1, $2, $3)", [
    sessionId,
    user.id,
    JSON.stringify(amr),
  ]);
  const refreshToken = await insertRefreshToken(tx, user, sessionId, null);
  const signedIn = await updateUser(tx, user.id, { last_sign_in_at: new Date() });
  await tx.query(
    "update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1",
    [user.id],
  );
  return tokenResponse(tx, ctx, signedIn, sessionId, amr, refreshToken);
}

/**
 * Rotates a refresh token. A rotated token presented again within the reuse interval gets the
 * session's current token (parallel refreshes); later, it is a replay: the whole session and
 * its tokens are deleted and that deletion is committed before the error is answered.
 */
export async function refreshSession(
  ctx: BackendContext,
  token: string | undefined,
): Promise<JsonObject> {
  if (!token) throw validationFailed("refresh_token required");
  if (token.length < 12) throw validationFailed("Refresh token is not valid");
  return transactionKeepingFailures(ctx.db, (tx) => rotate(tx, ctx, token));
}

async function rotate(
  tx: Tx,
  ctx: BackendContext,
  token: string,
): Promise<JsonObject | CommittedFailure> {
  const found = await tx.query<RefreshTokenRow>(
    "select * from auth.refresh_tokens where token = $1",
    [token],
  );
  const current = found.rows[0];
  if (!current) throw refreshError("refresh_token_not_found", "Refresh Token Not Found");
  const sessions = await tx.query<SessionRow>("select * from auth.sessions where id = $1", [
    current.session_id,
  ]);
  const session = sessions.rows[0];
  if (!session) throw refreshError("session_not_found", "No Valid Session Found");
  const user = await findUserById(tx, current.user_id);
  if (!user) throw refreshError("refresh_token_not_found", "Refresh Token Not Found");
  if (user.banned_until && user.banned_until.getTime() > Date.now()) {
    throw refreshError("user_banned", "User Banned");
  }

  if (current.revoked) {
    const active = await tx.query<RefreshTokenRow>(
      `select * from auth.refresh_tokens where session_id = $1 and not revoked
       order by id desc limit 1`,
      [session.id],
    );
    const child = active.rows[0];
    const revokedAgo = (Date.now() - current.updated_at.getTime()) / 1000;
    if (child && revokedAgo <= ctx.security.refreshTokenReuseIntervalSeconds) {
      return tokenResponse(tx, ctx, user, session.id, session.amr, child.token);
    }
    // Replay outside the grace window: the token family is compromised, end the session.
    await tx.query("delete from auth.sessions where id = $1", [session.id]);
    return new CommittedFailure(refreshError("refresh_token_already_used", "Already Used"));
  }

  await tx.query(
    "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1",
    [current.id],
  );
  const next = await insertRefreshToken(tx, user, session.id, current.token);
  await tx.query("update auth.sessions set updated_at = now() where id = $1", [session.id]);
  return tokenResponse(tx, ctx, user, session.id, session.amr, next);
}

/** Ends sessions for POST /logout: local = this one, others = all but this, global = all. */
export async function endSessions(
  tx: Tx,
  userId: string,
  sessionId: string | undefined,
  scope: "global" | "local" | "others",
): Promise<void> {
  if (scope === "global") {
    await tx.query("delete from auth.sessions where user_id = $1", [userId]);
  } else if (!sessionId) {
    return;
  } else if (scope === "local") {
    await tx.query("delete from auth.sessions where id = $1", [sessionId]);
  } else {
    await tx.query("delete from auth.sessions where user_id = $1 and id <> $2", [
      userId,
      sessionId,
    ]);
  }
}
