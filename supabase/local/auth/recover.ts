/** POST /resend and POST /recover (as GoTrue): always `{}` unless invalid or 429. */
import { checkSendWindow, sendTokenMail } from "./emails.ts";
import { equalTimeTransaction } from "./equal-time.ts";
import { validationFailed } from "./errors.ts";
import { sendConfirmation } from "./signup.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import { findUserByEmail } from "./users.ts";
import { normaliseEmail, pkceParams, stringField } from "./validation.ts";

const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"];

export async function resend({ ctx, body, query }: AuthRequest): Promise<AuthResult> {
  const type = stringField(body, "type");
  if (!type || !RESEND_TYPES.includes(type)) {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  if (type === "sms" || type === "phone_change") {
    throw validationFailed("Type provided requires a phone number");
  }
  const rawEmail = stringField(body, "email");
  if (!rawEmail) throw validationFailed("Type provided requires an email address");
  const email = normaliseEmail(rawEmail);
  const pkce = pkceParams(body);
  const redirectTo = query.get("redirect_to");

  // Unknown, confirmed or unchanged addresses send nothing and take as long as a real resend.
  await equalTimeTransaction(ctx, "resend", async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (type === "signup") {
      if (!user || user.email_confirmed_at) return [false, undefined];
      await sendConfirmation(tx, ctx, user, pkce, redirectTo);
      return [true, undefined];
    }
    if (!user?.email_change) return [false, undefined];
    checkSendWindow(ctx, user.email_change_sent_at);
    await sendTokenMail(tx, ctx, user, "email_change", {
      newEmail: user.email_change,
      pkce,
      redirectTo,
    });
    return [true, undefined];
  });
  return ok({});
}

export async function recover({ ctx, body, query }: AuthRequest): Promise<AuthResult> {
  const rawEmail = stringField(body, "email");
  if (!rawEmail) throw validationFailed("Password recovery requires an email");
  const email = normaliseEmail(rawEmail);
  const pkce = pkceParams(body);
  const redirectTo = query.get("redirect_to");

  // An unknown address takes as long as a known one (account enumeration by timing).
  await equalTimeTransaction(ctx, "recover", async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return [false, undefined];
    checkSendWindow(ctx, user.recovery_sent_at);
    await sendTokenMail(tx, ctx, user, "recovery", { pkce, redirectTo });
    return [true, undefined];
  });
  return ok({});
}
