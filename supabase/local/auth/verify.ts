/**
 * POST /verify (token_hash or e-mail + OTP → session) and GET /verify (e-mail link →
 * 303 redirect with ?code= for PKCE tokens, or a fragment session for implicit ones).
 */
import type { Transaction } from "@electric-sql/pglite";
import type { BackendContext } from "../context.ts";
import { hashOtp } from "./emails.ts";
import { AuthError, otpExpired, validationFailed } from "./errors.ts";
import { issueAuthCode } from "./pkce.ts";
import { issueSession } from "./sessions.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import {
  findUserByEmail,
  findUserByToken,
  syncEmailIdentity,
  type TokenColumn,
  type UserChanges,
  type UserRow,
  updateUser,
} from "./users.ts";
import { normaliseEmail, stringField } from "./validation.ts";

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const COLUMNS_BY_TYPE: Record<string, TokenColumn[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email_change: ["email_change_token_new"],
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

function sentAt(user: UserRow, column: TokenColumn): Date | null {
  if (column === "confirmation_token") return user.confirmation_sent_at;
  if (column === "recovery_token") return user.recovery_sent_at;
  return user.email_change_sent_at;
}

function verifiedMetadata(user: UserRow, newEmail?: string): UserChanges {
  const metadata = { ...user.raw_user_meta_data, email_verified: true };
  if (newEmail && "email" in metadata) metadata.email = newEmail;
  return {
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    raw_user_meta_data: metadata,
  };
}

/** Finds the user owning `hash` for `type`, consumes the token and applies its effect. */
async function consumeToken(tx: Transaction, type: string, hashes: string[]): Promise<UserRow> {
  const columns = COLUMNS_BY_TYPE[type];
  if (!columns) throw validationFailed("Unsupported verification type");
  for (const column of columns) {
    for (const hash of hashes) {
      const user = await findUserByToken(tx, column, hash);
      if (!user) continue;
      const sent = sentAt(user, column);
      if (!sent || Date.now() - sent.getTime() > TOKEN_LIFETIME_MS) throw otpExpired();
      return applyToken(tx, user, column);
    }
  }
  throw otpExpired();
}

async function applyToken(tx: Transaction, user: UserRow, column: TokenColumn): Promise<UserRow> {
  let changes: UserChanges;
  if (column === "email_change_token_new") {
    const newEmail = user.email_change ?? "";
    const taken = await findUserByEmail(tx, newEmail);
    if (taken && taken.id !== user.id) {
      throw new AuthError(
        422,
        "email_exists",
        "A user with this email address has already been registered",
      );
    }
    changes = {
      ...verifiedMetadata(user, newEmail),
      email: newEmail,
      email_change: null,
      email_change_token_new: null,
    };
  } else {
    changes = { ...verifiedMetadata(user), [column]: null };
  }
  const updated = await updateUser(tx, user.id, changes);
  await syncEmailIdentity(tx, updated);
  return updated;
}

/** Candidate stored hashes for a request: the token_hash, or hash(email+OTP) with/without pkce_. */
function requestedHashes(body: AuthRequest["body"]): string[] {
  const tokenHash = stringField(body, "token_hash");
  const token = stringField(body, "token");
  if (tokenHash && (body.email || body.phone || body.redirect_to)) {
    throw validationFailed("Only the token_hash and type should be provided");
  }
  if ((tokenHash && token) || (!tokenHash && !token)) {
    throw validationFailed("Verify requires either a token or a token hash");
  }
  if (tokenHash) return [tokenHash];
  const rawEmail = stringField(body, "email");
  if (!rawEmail)
    throw validationFailed("Only an email address or phone number should be provided on verify");
  const hash = hashOtp(normaliseEmail(rawEmail), token ?? "");
  return [hash, `pkce_${hash}`];
}

export async function verifyPost({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const type = stringField(body, "type");
  if (!type) throw validationFailed("Verify requires a verification type");
  const hashes = requestedHashes(body);
  return ctx.db.transaction(async (tx) => {
    const user = await consumeToken(tx, type, hashes);
    return ok(await issueSession(tx, ctx, user, "otp"));
  });
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
  let location: string;
  try {
    if (!type) throw validationFailed("Verify requires a verification type");
    if (!token) throw otpExpired();
    location = await ctx.db.transaction(async (tx) => {
      const user = await consumeToken(tx, type, [token]);
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
