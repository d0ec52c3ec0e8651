/** POST /token?grant_type=password|refresh_token|pkce, as GoTrue answers them. */
import { AuthError, invalidCredentials, validationFailed } from "./errors.ts";
import { consumeAuthCode } from "./pkce.ts";
import { issueSession, refreshSession } from "./sessions.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import { findUserByEmail, findUserById } from "./users.ts";
import { stringField } from "./validation.ts";

async function passwordGrant({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const email = stringField(body, "email")?.trim().toLowerCase();
  const password = stringField(body, "password") ?? "";
  if (!email) {
    if (stringField(body, "phone")) throw invalidCredentials();
    throw validationFailed("missing email or phone");
  }
  const user = await ctx.db.transaction((tx) => findUserByEmail(tx, email));
  // bcrypt runs outside any transaction so it does not hold the database.
  const matches = await ctx.passwords.matches(password, user?.encrypted_password ?? null);
  if (!user || !matches) throw invalidCredentials();
  if (!user.email_confirmed_at) {
    throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  }
  if (user.banned_until && user.banned_until.getTime() > Date.now()) {
    throw new AuthError(400, "user_banned", "User is banned");
  }
  return ctx.db.transaction(async (tx) => {
    const current = await findUserById(tx, user.id);
    if (!current) throw invalidCredentials();
    return ok(await issueSession(tx, ctx, current, "password"));
  });
}

async function refreshGrant({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const token = stringField(body, "refresh_token");
  return ok(await refreshSession(ctx, token));
}

async function pkceGrant({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const authCode = stringField(body, "auth_code");
  const verifier = stringField(body, "code_verifier");
  return ctx.db.transaction(async (tx) => {
    const { userId, method } = await consumeAuthCode(tx, authCode, verifier);
    const user = await findUserById(tx, userId);
    if (!user) {
      throw new AuthError(
        404,
        "flow_state_not_found",
        "invalid flow state, no valid flow state found",
      );
    }
    return ok(await issueSession(tx, ctx, user, method));
  });
}

export function token(request: AuthRequest): Promise<AuthResult> {
  switch (request.query.get("grant_type")) {
    case "password":
      return passwordGrant(request);
    case "refresh_token":
      return refreshGrant(request);
    case "pkce":
      return pkceGrant(request);
    default:
      throw new AuthError(400, "invalid_credentials", "unsupported_grant_type");
  }
}
