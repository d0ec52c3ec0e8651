import { type RouterContextProvider, redirect } from "react-router";
import {
  EMAIL_OTP_TYPES,
  type EmailOtpType,
  exchangeOAuthCode,
  signOut,
  verifyEmailLink,
} from "./account-auth.server";
import { sessionOnlyCookie } from "./account-cookies.server";
import { getSupabase } from "./auth.server";
import { clearOnboarding } from "./onboarding.server";
import { safeRedirectPath } from "./safe-redirect";
import { isSecureSite } from "./supabase.server";
import { redirectWithToast } from "./toast.server";

type Ctx = Readonly<RouterContextProvider>;

export const INVALID_LINK = "This confirmation link is invalid or has expired.";

/** Expired copies of the request's Supabase cookies (used when the backend cannot sign out). */
function expiredSupabaseCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0] ?? "")
    .filter((name) => name.startsWith("sb-"));
  const secure = isSecureSite() ? "; Secure" : "";
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

/** POST /logout: ends the session (cookies cleared even if the backend is unreachable). */
export async function logoutAction({ request, context }: { request: Request; context: Ctx }) {
  const failure = await signOut(getSupabase(context));
  const headers = new Headers();
  if (failure)
    for (const cookie of expiredSupabaseCookies(request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", sessionOnlyCookie(false));
  headers.append("Set-Cookie", await clearOnboarding(request));
  return redirectWithToast("/", { type: "info", title: "You have been signed out." }, { headers });
}

function isOtpType(value: string | null): value is EmailOtpType {
  return EMAIL_OTP_TYPES.includes(value as EmailOtpType);
}

/**
 * GET /auth/confirm: the e-mail links (`token_hash` + `type`) and the OAuth return (`code`).
 * Starts the session and goes on: recovery → /reset-password, otherwise `next` or /dashboard.
 */
export async function confirmLoader({ url, context }: { url: URL; context: Ctx }) {
  const supabase = getSupabase(context);
  const next = safeRedirectPath(url.searchParams.get("next"), "/dashboard");
  const code = url.searchParams.get("code");
  if (code) {
    const failure = await exchangeOAuthCode(supabase, code);
    if (failure) return redirectWithToast("/login", { type: "error", title: failure.message });
    return redirect(next);
  }
  const tokenHash = url.searchParams.get("token_hash");
  const type = url.searchParams.get("type");
  if (!tokenHash || !isOtpType(type)) {
    return redirectWithToast("/login", { type: "error", title: INVALID_LINK });
  }
  const failure = await verifyEmailLink(supabase, tokenHash, type);
  if (failure) {
    const title = failure.status === 503 ? failure.message : INVALID_LINK;
    return redirectWithToast("/login", { type: "error", title });
  }
  if (type === "recovery") {
    return redirectWithToast("/reset-password", {
      type: "info",
      title: "Choose a new password for your account.",
    });
  }
  return redirectWithToast(next, { type: "success", title: confirmedTitle(type) });
}

function confirmedTitle(type: EmailOtpType): string {
  if (type === "email_change") return "Your new email address is confirmed.";
  if (type === "invite") return "Welcome! Your account is ready.";
  return "Your email is confirmed. Welcome!";
}
