/** POST /signup (as GoTrue) and the confirmation mail shared with /resend. */
import { randomUUID } from "node:crypto";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { checkSendWindow, sendTokenMail } from "./emails.ts";
import { equalTimeTransaction } from "./equal-time.ts";
import { AuthError, validationFailed } from "./errors.ts";
import { issueSession } from "./sessions.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import {
  createUser,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  type UserRow,
  userJson,
} from "./users.ts";
import {
  checkPassword,
  type JsonObject,
  normaliseEmail,
  objectField,
  type PkceParams,
  pkceParams,
  stringField,
} from "./validation.ts";

/** Sends (or re-sends) the sign-up confirmation mail, at most once per send interval. */
export async function sendConfirmation(
  tx: Tx,
  ctx: BackendContext,
  user: UserRow,
  pkce: PkceParams | undefined,
  redirectTo: string | null,
): Promise<UserRow> {
  checkSendWindow(ctx, user.confirmation_sent_at);
  return sendTokenMail(tx, ctx, user, user.invited_at ? "invite" : "signup", { pkce, redirectTo });
}

/** What GoTrue answers for an already confirmed address: a fake user without identities. */
function obfuscatedUser(email: string, data: JsonObject): JsonObject {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: DEFAULT_APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** Identity fields win over colliding keys of `options.data`. */
function signupMetadata(data: JsonObject, email: string, id: string, verified: boolean) {
  return { ...data, email, email_verified: verified, phone_verified: false, sub: id };
}

export async function signup({ ctx, body, query }: AuthRequest): Promise<AuthResult> {
  const rawEmail = stringField(body, "email");
  const phone = stringField(body, "phone");
  const password = stringField(body, "password") ?? "";
  const data = objectField(body, "data") ?? {};
  const pkce = pkceParams(body);
  const redirectTo = query.get("redirect_to");
  if (!rawEmail) {
    if (phone) throw new AuthError(422, "phone_provider_disabled", "Unsupported phone provider");
    throw new AuthError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  const email = normaliseEmail(rawEmail);
  if (!password) throw validationFailed("Signup requires a valid password");
  checkPassword(password);
  const passwordHash = await ctx.passwords.hash(password);

  // The password is hashed above whatever the address; an already confirmed address then
  // takes as long as a real sign-up (account enumeration by timing).
  return equalTimeTransaction(ctx, "signup", async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      if (ctx.autoconfirm) {
        throw new AuthError(422, "user_already_exists", "User already registered");
      }
      if (existing.email_confirmed_at) return [false, ok(obfuscatedUser(email, data))];
      // Unconfirmed: never touch the stored password or metadata (whoever signs up again may
      // not own the address); only re-send the confirmation to the address (GoTrue).
      const user = await sendConfirmation(tx, ctx, existing, pkce, redirectTo);
      return [true, ok(await userJson(tx, user))];
    }
    const id = randomUUID();
    const created = await createUser(tx, {
      id,
      email,
      encryptedPassword: passwordHash,
      confirmed: ctx.autoconfirm,
      appMetadata: DEFAULT_APP_METADATA,
      userMetadata: signupMetadata(data, email, id, ctx.autoconfirm),
    });
    if (ctx.autoconfirm) return [true, ok(await issueSession(tx, ctx, created, "password"))];
    const user = await sendConfirmation(tx, ctx, created, pkce, redirectTo);
    return [true, ok(await userJson(tx, user))];
  });
}
