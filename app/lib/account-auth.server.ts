import type { SupabaseClient } from "@supabase/supabase-js";
import { getSiteConfig } from "./site-config.server";

export const UNREACHABLE_MESSAGE =
  "We could not reach the account service. Please try again in a moment.";

export type EmailOtpType = "signup" | "recovery" | "email_change" | "invite";
export const EMAIL_OTP_TYPES: readonly EmailOtpType[] = [
  "signup",
  "recovery",
  "email_change",
  "invite",
];

/** A failed auth call: the provider's own message and the HTTP status to answer with. */
export interface AuthFailure {
  message: string;
  status: number;
}

/**
 * Provider errors keep their message and 4xx status; backend failures keep the backend's message
 * and answer 503; a network failure or timeout (status 0) gets a plain explanation.
 */
export function toAuthFailure(error: unknown): AuthFailure {
  const status = error instanceof Error ? ((error as { status?: number }).status ?? 0) : 0;
  if (!(error instanceof Error) || status === 0 || !error.message) {
    return { message: UNREACHABLE_MESSAGE, status: 503 };
  }
  return { message: error.message, status: status >= 400 && status < 500 ? status : 503 };
}

async function attempt(call: () => Promise<{ error: unknown }>): Promise<AuthFailure | null> {
  try {
    const { error } = await call();
    return error ? toAuthFailure(error) : null;
  } catch (error) {
    return toAuthFailure(error);
  }
}

function siteUrl(path: string): string {
  return `${getSiteConfig().siteUrl}${path}`;
}

export async function signUpWithPassword(
  supabase: SupabaseClient,
  input: { email: string; password: string; fullName: string },
): Promise<AuthFailure | null> {
  try {
    const { data, error } = await supabase.auth.signUp({
      email: input.email,
      password: input.password,
      options: { emailRedirectTo: siteUrl("/dashboard"), data: { full_name: input.fullName } },
    });
    if (error) return toAuthFailure(error);
    // Hosted Supabase hides an already-confirmed address behind a fake user with no identities.
    if (data.user && data.user.identities?.length === 0) {
      return { message: "User already registered", status: 422 };
    }
    return null;
  } catch (error) {
    return toAuthFailure(error);
  }
}

export function signInWithPassword(supabase: SupabaseClient, email: string, password: string) {
  return attempt(() => supabase.auth.signInWithPassword({ email, password }));
}

export function signOut(supabase: SupabaseClient) {
  return attempt(() => supabase.auth.signOut({ scope: "local" }));
}

/** Sends the reset mail; its link lands on /auth/confirm and then on /reset-password. */
export function sendPasswordReset(supabase: SupabaseClient, email: string) {
  return attempt(() =>
    supabase.auth.resetPasswordForEmail(email, { redirectTo: siteUrl("/reset-password") }),
  );
}

export function resendVerification(supabase: SupabaseClient, email: string) {
  return attempt(() =>
    supabase.auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: siteUrl("/dashboard") },
    }),
  );
}

/** Checks an e-mail link's token and starts the session (cookies are written by the client). */
export function verifyEmailLink(supabase: SupabaseClient, tokenHash: string, type: EmailOtpType) {
  return attempt(() => supabase.auth.verifyOtp({ token_hash: tokenHash, type }));
}

export function exchangeOAuthCode(supabase: SupabaseClient, code: string) {
  return attempt(() => supabase.auth.exchangeCodeForSession(code));
}

export function updatePassword(supabase: SupabaseClient, password: string) {
  return attempt(() => supabase.auth.updateUser({ password }));
}

export function updateProfile(
  supabase: SupabaseClient,
  profile: { fullName: string; avatarUrl: string },
) {
  return attempt(() =>
    supabase.auth.updateUser({
      data: { full_name: profile.fullName, avatar_url: profile.avatarUrl || null },
    }),
  );
}

/** OAuth providers enabled by config (`OAUTH_PROVIDERS=google,github`); none by default. */
export type OAuthProvider = "google" | "github";

export function enabledOAuthProviders(env: NodeJS.ProcessEnv = process.env): OAuthProvider[] {
  const listed = (env.OAUTH_PROVIDERS ?? "").split(",").map((p) => p.trim().toLowerCase());
  return (["google", "github"] as const).filter((p) => listed.includes(p));
}

/** The provider's authorisation URL (PKCE verifier cookie written), or a failure. */
export async function startOAuth(
  supabase: SupabaseClient,
  provider: OAuthProvider,
  next: string,
): Promise<{ url: string } | AuthFailure> {
  try {
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider,
      options: {
        redirectTo: siteUrl(`/auth/confirm?next=${encodeURIComponent(next)}`),
        skipBrowserRedirect: true,
      },
    });
    if (error || !data.url) return toAuthFailure(error);
    return { url: data.url };
  } catch (error) {
    return toAuthFailure(error);
  }
}
