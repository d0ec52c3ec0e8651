import { data, redirect } from "react-router";
import {
  EMAIL_OTP_TYPES,
  type EmailOtpType,
  exchangeOAuthCode,
  signOut,
  verifyEmailLink,
} from "~/domain/accounts/auth.server";
import { EMAIL_MAX_LENGTH } from "~/domain/accounts/limits";
import { readForm, simpleRules } from "~/infra/forms.server";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { failedForm, rateLimit, rejectedForm } from "~/infra/replies.server";
import { getSupabase } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import type { FormReply } from "~/lib/form-reply";
import type { Failure } from "~/lib/result";
import { safeRedirectPath } from "~/lib/safe-redirect";

import type { Route } from "./+types/confirm";

export const INVALID_LINK = "This confirmation link is invalid or has expired.";
const WRONG_ACCOUNT = "This link belongs to another account. Please sign in again.";

const LINK_FIELDS = simpleRules({ token_hash: 1, type: 1, next: 1, email: 1 });

/** What the "Continue" page shows and posts back. */
export interface ConfirmLink {
  tokenHash: string;
  type: EmailOtpType;
  next: string;
  /** The address the link was sent to, when the link says so (hosted template `{{ .Email }}`). */
  email: string | null;
}

function isOtpType(value: unknown): value is EmailOtpType {
  return EMAIL_OTP_TYPES.includes(value as EmailOtpType);
}

function readLink(values: { get(name: string): unknown }): ConfirmLink | null {
  const tokenHash = values.get("token_hash");
  const type = values.get("type");
  if (typeof tokenHash !== "string" || !/^[A-Za-z0-9_-]{1,200}$/.test(tokenHash)) return null;
  if (!isOtpType(type)) return null;
  const email = values.get("email");
  return {
    tokenHash,
    type,
    next: safeRedirectPath(values.get("next"), "/dashboard"),
    email: typeof email === "string" && email.length <= EMAIL_MAX_LENGTH ? email : null,
  };
}

/** 429 as a page (GET) with Retry-After: the guessing of links and codes is rate limited. */
function tooManyAttempts(limited: Failure): never {
  throw data(
    { message: limited.message },
    { status: 429, headers: { "Retry-After": String(limited.retryAfter ?? 60) } },
  );
}

/**
 * GET /auth/confirm: e-mail links (`token_hash` + `type`) show a "Continue" page that posts the
 * token back — opening a link (even from another site) never signs anyone in by itself (login
 * CSRF). The OAuth return (`code`) is exchanged at once: its PKCE verifier cookie already ties
 * it to this browser.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const next = safeRedirectPath(url.searchParams.get("next"), "/dashboard");
  const code = url.searchParams.get("code");
  if (code) {
    const limited = await rateLimit("verify", request);
    if (limited) tooManyAttempts(limited);
    const exchanged = await exchangeOAuthCode(getSupabase(context), code);
    if (!exchanged.ok) {
      return redirectWithToast("/login", { type: "error", title: exchanged.message });
    }
    return redirect(next);
  }
  const link = readLink(url.searchParams);
  if (!link) return redirectWithToast("/login", { type: "error", title: INVALID_LINK });
  return data({ link }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

/**
 * POST /auth/confirm ("Continue"): verifies the link (rate limited per client address), starts
 * the session and goes on: recovery → /reset-password, otherwise `next` or /dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, LINK_FIELDS);
  if (!form.ok) return rejectedForm(form);
  const limited = await rateLimit("verify", request);
  if (limited) return failedForm(limited);
  const link = readLink(form.formData);
  if (!link) return redirectWithToast("/login", { type: "error", title: INVALID_LINK });

  const supabase = getSupabase(context);
  const verified = await verifyEmailLink(supabase, link.tokenHash, link.type);
  if (!verified.ok) {
    const title = verified.kind === "unavailable" ? verified.message : INVALID_LINK;
    return redirectWithToast("/login", { type: "error", title });
  }
  // The page promised "Continue as <email>": never sign the visitor in as someone else.
  if (link.email && verified.value.email.toLowerCase() !== link.email.toLowerCase()) {
    await signOut(supabase);
    return data<FormReply>({ formError: WRONG_ACCOUNT }, { status: 400 });
  }
  if (link.type === "recovery") {
    return redirectWithToast("/reset-password", {
      type: "info",
      title: "Choose a new password for your account.",
    });
  }
  return redirectWithToast(link.next, { type: "success", title: confirmedTitle(link.type) });
}

function confirmedTitle(type: EmailOtpType): string {
  if (type === "email_change") return "Your new email address is confirmed.";
  if (type === "invite") return "Welcome! Your account is ready.";
  return "Your email is confirmed. Welcome!";
}
