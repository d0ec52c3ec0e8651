/**
 * POST /verify (token_hash or e-mail + OTP → session) and GET /verify (e-mail link →
 * 303 redirect with ?code= for PKCE tokens, or a fragment session for implicit ones).
 */

import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { CommittedFailure, transactionKeepingFailures } from "./committed.ts";
import { AuthError, validationFailed } from "./errors.ts";
import {
  type ConsumedToken,
  consumeToken,
  EMAIL_CHANGE_TOKENS,
  linkExpired,
  type TokenProof,
  type TokenType,
} from "./one-time-tokens.ts";
import { issueAuthCode } from "./pkce.ts";
import { issueSession } from "./sessions.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import {
  findUserByEmail,
  findUserById,
  syncEmailIdentity,
  type UserChanges,
  type UserRow,
  updateUser,
} from "./users.ts";
import { normaliseEmail, stringField } from "./validation.ts";

/** Which stored tokens a verification type may consume (GoTrue's verify.go lookup). */
const TOKEN_TYPES: Record<string, TokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email_change: EMAIL_CHANGE_TOKENS,
  email: ["confirmation_token", "recovery_token"],
};

/** The flow-state authentication method a PKCE token of this type was issued for. */
const FLOW_METHOD_BY_TYPE: Record<string, string> = {
  signup: "email/signup",
  invite: "email/signup",
  email: "email/signup",
  magiclink: "recovery",
  recovery: "recovery",
  email_change: "email_change",
};

/**
 * The token types `type` may consume. A link of an unknown type is a 400 (verifyTokenHash); a
 * code of an unknown type matches nothing, so it is a wrong code (verifyUserAndToken).
 */
function tokenTypes(type: string, proof: TokenProof): TokenType[] {
  const types = Object.hasOwn(TOKEN_TYPES, type) ? TOKEN_TYPES[type] : undefined;
  if (types) return types;
  if ("tokenHash" in proof) throw validationFailed("Invalid email verification type");
  return [];
}

function verifiedMetadata(user: UserRow, newEmail?: string): UserChanges {
  const metadata = { ...user.raw_user_meta_data, email_verified: true };
  if (newEmail && "email" in metadata) metadata.email = newEmail;
  return {
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    raw_user_meta_data: metadata,
  };
}

/**
 * The address an e-mail change token moves its user to (the pending `email_change`); a token
 * of the new address only if it went to that very address.
 */
function emailChangeTarget(user: UserRow, token: ConsumedToken): string {
  const target = user.email_change;
  const sentToTarget = token.tokenType !== "email_change_token_new" || token.relatesTo === target;
  if (!target || !sentToTarget) throw linkExpired();
  return target;
}

/** Applies a consumed token: confirms the address, or moves the user to the new address. */
async function applyToken(tx: Tx, user: UserRow, token: ConsumedToken): Promise<UserRow> {
  let changes: UserChanges = verifiedMetadata(user);
  if ((EMAIL_CHANGE_TOKENS as string[]).includes(token.tokenType)) {
    const newEmail = emailChangeTarget(user, token);
    const taken = await findUserByEmail(tx, newEmail);
    if (taken && taken.id !== user.id) {
      throw new AuthError(
        422,
        "email_exists",
        "A user with this email address has already been registered",
      );
    }
    changes = { ...verifiedMetadata(user, newEmail), email: newEmail, email_change: null };
  }
  const updated = await updateUser(tx, user.id, changes);
  await syncEmailIdentity(tx, updated);
  return updated;
}

/** Consumes the token proven by the request and applies it; a wrong code stays counted. */
async function verifyToken(
  tx: Tx,
  ctx: BackendContext,
  type: string,
  proof: TokenProof,
): Promise<UserRow | CommittedFailure> {
  const consumed = await consumeToken(tx, ctx, proof, tokenTypes(type, proof));
  if (consumed instanceof CommittedFailure) return consumed;
  const user = await findUserById(tx, consumed.userId);
  if (!user) throw linkExpired();
  // Thrown, so the transaction rolls back and the token stays usable once the ban ends.
  if (user.banned_until && user.banned_until.getTime() > Date.now()) {
    throw new AuthError(403, "user_banned", "User is banned");
  }
  return applyToken(tx, user, consumed);
}

/** The request's proof: the token_hash, or the e-mail address with the 6-digit code. */
function requestedProof(body: AuthRequest["body"]): TokenProof {
  const tokenHash = stringField(body, "token_hash");
  const token = stringField(body, "token");
  if (tokenHash && (body.email || body.phone || body.redirect_to)) {
    throw validationFailed("Only the token_hash and type should be provided");
  }
  if ((tokenHash && token) || (!tokenHash && !token)) {
    throw validationFailed("Verify requires either a token or a token hash");
  }
  if (tokenHash) return { tokenHash };
  const rawEmail = stringField(body, "email");
  if (!rawEmail || body.phone)
    throw validationFailed("Only an email address or phone number should be provided on verify");
  return { email: verifyEmail(rawEmail), otp: token ?? "" };
}

/** verify.go answers any e-mail validation failure with 422 "Invalid email format". */
function verifyEmail(raw: string): string {
  try {
    return normaliseEmail(raw);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    throw validationFailed("Invalid email format", 422);
  }
}

export async function verifyPost({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const type = stringField(body, "type");
  if (!type) throw validationFailed("Verify requires a verification type");
  const proof = requestedProof(body);
  const session = await transactionKeepingFailures(ctx.db, async (tx) => {
    const user = await verifyToken(tx, ctx, type, proof);
    if (user instanceof CommittedFailure) return user;
    // amr "otp" whatever the type, like GoTrue's verifyPost (see supabase/local/README.md, Security).
    return issueSession(tx, ctx, user, "otp");
  });
  return ok(session);
}

/** redirect_to when it points at the web app (same origin as siteUrl), else siteUrl. */
function redirectBase(ctx: BackendContext, redirectTo: string | null): URL {
  const site = new URL(ctx.siteUrl);
  if (redirectTo) {
    try {
      const target = new URL(redirectTo, site);
      if (target.origin === site.origin) return target;
    } catch {
      // fall through to the site URL
    }
  }
  return site;
}

function errorRedirect(base: URL, error: AuthError): string {
  const params = new URLSearchParams({
    error: error.status === 403 ? "access_denied" : "invalid_request",
    error_code: error.code,
    error_description: error.message,
  });
  const url = new URL(base);
  for (const [key, value] of params) url.searchParams.set(key, value);
  url.hash = `${params.toString()}&sb=`;
  return url.toString();
}

export async function verifyGet({ ctx, query }: AuthRequest): Promise<AuthResult> {
  const base = redirectBase(ctx, query.get("redirect_to"));
  const type = query.get("type") ?? "";
  const token = query.get("token") ?? "";
  // Parameter errors are answered as JSON, like GoTrue's VerifyParams.Validate; only the
  // verification itself redirects with its error.
  if (!type) throw validationFailed("Verify requires a verification type");
  if (!token) throw validationFailed("Verify requires a token or a token hash");
  let location: string;
  try {
    location = await transactionKeepingFailures(ctx.db, async (tx) => {
      const user = await verifyToken(tx, ctx, type, { tokenHash: token });
      if (user instanceof CommittedFailure) return user;
      const url = new URL(base);
      if (token.startsWith("pkce_")) {
        const code = await issueAuthCode(tx, user.id, FLOW_METHOD_BY_TYPE[type] ?? type);
        if (code) {
          url.searchParams.set("code", code);
          return url.toString();
        }
      }
      const session = await issueSession(tx, ctx, user, "otp");
      const fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: "bearer",
        type,
      });
      url.hash = `${fragment.toString()}&sb=`;
      return url.toString();
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    location = errorRedirect(base, error);
  }
  return { status: 303, headers: { Location: location } };
}
