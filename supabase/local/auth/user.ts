/** GET/PUT /user and POST /logout, as GoTrue answers them. */
import { checkSendWindow, sendTokenMail } from "./emails.ts";
import { AuthError, validationFailed } from "./errors.ts";
import { requireClaims, userFromClaims } from "./guard.ts";
import { revokeUserTokens } from "./one-time-tokens.ts";
import { endSessions } from "./sessions.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import { findUserByEmail, mergeMetadata, type UserChanges, updateUser, userJson } from "./users.ts";
import {
  checkPassword,
  normaliseEmail,
  objectField,
  pkceParams,
  stringField,
} from "./validation.ts";

export async function getUser({ ctx, headers }: AuthRequest): Promise<AuthResult> {
  const claims = await requireClaims(ctx, headers);
  return ctx.db.transaction(async (tx) => {
    const { user, identities } = await userFromClaims(tx, claims);
    return ok(await userJson(tx, user, identities));
  });
}

export async function updateCurrentUser({
  ctx,
  headers,
  body,
  query,
}: AuthRequest): Promise<AuthResult> {
  const claims = await requireClaims(ctx, headers);
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, "not_admin", "Updating app_metadata requires admin privileges");
  }
  const data = objectField(body, "data");
  const password = stringField(body, "password");
  const rawEmail = stringField(body, "email");
  const newEmail = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const pkce = pkceParams(body);
  if (password !== undefined) checkPassword(password);

  const before = await ctx.db.transaction((tx) => userFromClaims(tx, claims));
  let passwordHash: string | undefined;
  if (password !== undefined) {
    if (await ctx.passwords.matches(password, before.user.encrypted_password)) {
      throw new AuthError(
        422,
        "same_password",
        "New password should be different from the old password.",
      );
    }
    passwordHash = await ctx.passwords.hash(password);
  }

  return ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await userFromClaims(tx, claims);
    const changes: UserChanges = {};
    if (data) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, data);
    if (passwordHash) {
      changes.encrypted_password = passwordHash;
      // Outstanding links (a recovery link, say) must not outlive the old password.
      await revokeUserTokens(tx, user.id);
    }
    if (newEmail && newEmail !== user.email) {
      const taken = await findUserByEmail(tx, newEmail);
      if (taken) {
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      }
      checkSendWindow(ctx, user.email_change_sent_at);
      // Also records the address as the pending e-mail change.
      await sendTokenMail(tx, ctx, user, "email_change", {
        newEmail,
        pkce,
        redirectTo: query.get("redirect_to"),
      });
    }
    const updated = await updateUser(tx, user.id, changes);
    // A password change signs out every other session (GoTrue behaviour).
    if (passwordHash) await endSessions(tx, user.id, sessionId, "others");
    return ok(await userJson(tx, updated));
  });
}

const LOGOUT_SCOPES = ["global", "local", "others"] as const;
type LogoutScope = (typeof LOGOUT_SCOPES)[number];

export async function logout({ ctx, headers, query }: AuthRequest): Promise<AuthResult> {
  const scope = query.get("scope") ?? "global";
  if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const claims = await requireClaims(ctx, headers);
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await userFromClaims(tx, claims);
    await endSessions(tx, user.id, sessionId, scope as LogoutScope);
  });
  return { status: 204 };
}
