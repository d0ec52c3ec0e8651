import type { User } from "@supabase/supabase-js";
import { failWith } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import { type AppSupabase, createDetachedClient } from "~/infra/supabase.server";
import { type Failure, fail, kindOfStatus, ok, type Result } from "~/lib/result";

/**
 * The account calls of the site (GoTrue through supabase-js), as plain functions: values in,
 * `Result` out. Provider errors keep their message and the kind of their status; a network
 * failure or timeout becomes "unavailable".
 */
export type EmailOtpType = "signup" | "recovery" | "email_change" | "invite";
export const EMAIL_OTP_TYPES: readonly EmailOtpType[] = [
  "signup",
  "recovery",
  "email_change",
  "invite",
];

/** GoTrue error codes the site words in every language (English keeps the provider's words). */
const KNOWN_CODES: Record<string, MessageKey> = {
  invalid_credentials: "auth.invalidCredentials",
  email_not_confirmed: "auth.emailNotConfirmed",
  weak_password: "auth.weakPassword",
  over_email_send_rate_limit: "auth.emailRateLimited",
};

/** A provider error as a failure: its 4xx kind, or "unavailable" for 5xx and network errors. */
export function toAuthFailure(error: unknown): Failure {
  const status = error instanceof Error ? ((error as { status?: number }).status ?? 0) : 0;
  if (!(error instanceof Error) || status === 0 || !error.message || status >= 500) {
    const message = error instanceof Error && status >= 500 && error.message;
    const failure = failWith("unavailable", "auth.unreachable");
    return message ? { ...failure, message } : failure;
  }
  const code = (error as { code?: string }).code;
  const known = code ? KNOWN_CODES[code] : undefined;
  const failure = fail(kindOfStatus(status), error.message);
  return known ? { ...failure, key: known } : failure;
}

async function attempt(call: () => Promise<{ error: unknown }>): Promise<Result> {
  try {
    const { error } = await call();
    return error ? toAuthFailure(error) : ok();
  } catch (error) {
    return toAuthFailure(error);
  }
}

/**
 * Creates the account and sends the confirmation. `existing` is true when the address already
 * had an account (hosted Supabase hides a confirmed address behind a look-alike user without
 * identities; with autoconfirm it answers 422 user_already_exists): the caller gives the visitor
 * the same answer either way.
 *
 * A repeat sign-up of an unconfirmed address within GoTrue's 60 s between two confirmation
 * mails gets 429 `over_email_send_rate_limit` (hosted and supabase/local/auth/signup.ts alike),
 * an answer no other sign-up gets: it would tell that the address has a pending sign-up. It is
 * a success here — the account exists and its confirmation left less than a minute ago. (Hosted
 * GoTrue's project-wide mail limit answers with the same code; its visitors too get the usual
 * answer while no mail leaves, as past the caps of app/infra/mail-caps.server.ts.)
 */
export async function signUpWithPassword(
  supabase: AppSupabase,
  input: {
    email: string;
    password: string;
    fullName: string;
    confirmUrl: string;
    /** The language of the sign-up page: the confirmation e-mail is written in it. */
    locale?: string;
  },
): Promise<Result<{ existing: boolean }>> {
  try {
    const { data, error } = await supabase.auth.signUp({
      email: input.email,
      password: input.password,
      options: {
        emailRedirectTo: input.confirmUrl,
        data: { full_name: input.fullName, ...(input.locale ? { locale: input.locale } : {}) },
      },
    });
    if (error) {
      const code = (error as { code?: string }).code;
      if (code === "user_already_exists") return ok({ existing: true });
      if (code === "over_email_send_rate_limit") return ok({ existing: false });
      return toAuthFailure(error);
    }
    return ok({ existing: Boolean(data.user && data.user.identities?.length === 0) });
  } catch (error) {
    return toAuthFailure(error);
  }
}

/** Signs in; the signed-in user (the session's cookies are written by the client). */
export async function signInWithPassword(
  supabase: AppSupabase,
  email: string,
  password: string,
): Promise<Result<User>> {
  try {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    return error ? toAuthFailure(error) : ok(data.user);
  } catch (error) {
    return toAuthFailure(error);
  }
}

export function signOut(supabase: AppSupabase) {
  return attempt(() => supabase.auth.signOut({ scope: "local" }));
}

/** Sends the reset mail; its link lands on /auth/confirm and then on /reset-password. */
export function sendPasswordReset(supabase: AppSupabase, email: string, redirectTo: string) {
  return attempt(() => supabase.auth.resetPasswordForEmail(email, { redirectTo }));
}

export function resendVerification(supabase: AppSupabase, email: string, redirectTo: string) {
  return attempt(() =>
    supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: redirectTo } }),
  );
}

/** Checks an e-mail link's token and starts the session; returns the address it belongs to. */
export async function verifyEmailLink(
  supabase: AppSupabase,
  tokenHash: string,
  type: EmailOtpType,
): Promise<Result<{ email: string }>> {
  try {
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
    if (error) return toAuthFailure(error);
    return ok({ email: data.user?.email ?? "" });
  } catch (error) {
    return toAuthFailure(error);
  }
}

export function exchangeOAuthCode(supabase: AppSupabase, code: string) {
  return attempt(() => supabase.auth.exchangeCodeForSession(code));
}

/**
 * Whether `password` is the account's current password, checked on a client of its own (the
 * visitor's session is not touched; the check's own session is ended at once).
 */
export async function checkPassword(email: string, password: string): Promise<Result> {
  const client = createDetachedClient();
  const signedIn = await attempt(() => client.auth.signInWithPassword({ email, password }));
  if (!signedIn.ok) {
    return signedIn.kind === "unavailable"
      ? signedIn
      : failWith("invalid", "auth.wrongCurrentPassword");
  }
  await attempt(() => client.auth.signOut({ scope: "local" }));
  return ok();
}

/** A signed-in change: the current password first, then the new one. */
export async function changePassword(
  supabase: AppSupabase,
  email: string,
  current: string,
  next: string,
): Promise<Result> {
  const checked = await checkPassword(email, current);
  return checked.ok ? updatePassword(supabase, next) : checked;
}

export function updatePassword(supabase: AppSupabase, password: string) {
  return attempt(() => supabase.auth.updateUser({ password }));
}

export function updateProfile(
  supabase: AppSupabase,
  profile: { fullName: string; avatarUrl: string },
  more: Record<string, unknown> = {},
) {
  return updateMetadata(supabase, {
    full_name: profile.fullName,
    avatar_url: profile.avatarUrl || null,
    ...more,
  });
}

/** Merges `data` into the signed-in account's metadata (keys not named are kept). */
export function updateMetadata(supabase: AppSupabase, data: Record<string, unknown>) {
  return attempt(() => supabase.auth.updateUser({ data }));
}

/** OAuth providers the site can offer (`OAUTH_PROVIDERS=google,github`). */
export type OAuthProvider = "google" | "github";

export function parseOAuthProviders(setting: string): OAuthProvider[] {
  const listed = setting.split(",").map((p) => p.trim().toLowerCase());
  return (["google", "github"] as const).filter((p) => listed.includes(p));
}

/** The provider's authorisation URL (PKCE verifier cookie written), or a failure. */
export async function startOAuth(
  supabase: AppSupabase,
  provider: OAuthProvider,
  returnUrl: string,
): Promise<Result<{ url: string }>> {
  try {
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider,
      options: { redirectTo: returnUrl, skipBrowserRedirect: true },
    });
    if (error || !data.url) return toAuthFailure(error);
    return ok({ url: data.url });
  } catch (error) {
    return toAuthFailure(error);
  }
}
