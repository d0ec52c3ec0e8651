import { data, redirect } from "react-router";
import {
  EMAIL_OTP_TYPES,
  type EmailOtpType,
  exchangeOAuthCode,
  signOut,
  verifyEmailLink,
} from "~/domain/accounts/auth.server";
import { EMAIL_MAX_LENGTH } from "~/domain/accounts/limits";
import { localeFromPath } from "~/i18n/locale";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { type Translator, translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { readForm, simpleRules } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import type { Failure } from "~/lib/result";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { overLimit, perAddress } from "~/web/limits.server";
import { failedForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

import type { Route } from "./+types/confirm";

/**
 * The guessing of e-mail links and OAuth codes, per client address as hosted Supabase counts
 * it (app/web/limits.server.ts): an OAuth return's exchange, and a link's "Continue" once its
 * form is read.
 */
const LIMITS = { exchange: [perAddress("verify")], verify: [perAddress("verify")] } as const;

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

function invalidLink(t: Translator) {
  return redirectWithToast(t.path("/login"), { type: "error", title: t("confirm.invalidLink") });
}

function readLink(values: { get(name: string): unknown }, t: Translator): ConfirmLink | null {
  const tokenHash = values.get("token_hash");
  const type = values.get("type");
  if (typeof tokenHash !== "string" || !/^[A-Za-z0-9_-]{1,200}$/.test(tokenHash)) return null;
  if (!isOtpType(type)) return null;
  const email = values.get("email");
  return {
    tokenHash,
    type,
    next: safeRedirectPath(values.get("next"), t.path("/dashboard")),
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
  const { t, i18n } = pageI18n(url, ["confirm", "meta.confirmTitle", "meta.confirmDescription"]);
  const next = safeRedirectPath(url.searchParams.get("next"), t.path("/dashboard"));
  // E-mail links name /auth/confirm; a link for a Kiswahili or French page opens in that language.
  const linkLocale = localeFromPath(next.split("?")[0] ?? "");
  if (t.locale === "en" && linkLocale !== "en") {
    throw redirect(`${translator(linkLocale).path("/auth/confirm")}${url.search}`);
  }
  const code = url.searchParams.get("code");
  if (code) {
    const limited = await overLimit(request, LIMITS.exchange, { code });
    if (limited) tooManyAttempts(limited);
    const exchanged = await exchangeOAuthCode(getSupabase(context), code);
    if (!exchanged.ok) {
      return redirectWithToast(t.path("/login"), { type: "error", title: exchanged.message });
    }
    return redirect(next);
  }
  const link = readLink(url.searchParams, t);
  if (!link) return invalidLink(t);
  return data({ link, i18n }, { headers: cacheHeaders("private") });
}

/**
 * POST /auth/confirm ("Continue"): verifies the link (rate limited per client address), starts
 * the session and goes on: recovery → /reset-password, otherwise `next` or /dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const form = await readForm(request, LINK_FIELDS);
  if (!form.ok) return rejectedForm(form);
  const limited = await overLimit(request, LIMITS.verify, form.formData);
  if (limited) return failedForm(limited);
  const link = readLink(form.formData, t);
  if (!link) return invalidLink(t);

  const supabase = getSupabase(context);
  const verified = await verifyEmailLink(supabase, link.tokenHash, link.type);
  if (!verified.ok) {
    if (verified.kind === "unavailable") {
      return redirectWithToast(t.path("/login"), { type: "error", title: verified.message });
    }
    // A spent reset link is called one, on the page that sends a new one.
    if (link.type === "recovery") {
      const title = t("confirm.invalidResetLink");
      return redirectWithToast(t.path("/forgot-password"), { type: "error", title });
    }
    return invalidLink(t);
  }
  // The page promised "Continue as <email>": never sign the visitor in as someone else.
  if (link.email && verified.value.email.toLowerCase() !== link.email.toLowerCase()) {
    await signOut(supabase);
    return data<FormReply>({ formError: t("confirm.wrongAccount") }, { status: 400 });
  }
  if (link.type === "recovery") {
    return redirectWithToast(t.path("/reset-password"), {
      type: "info",
      title: t("confirm.chooseNew"),
    });
  }
  return redirectWithToast(link.next, { type: "success", title: confirmedTitle(link.type, t) });
}

function confirmedTitle(type: EmailOtpType, t: Translator): string {
  if (type === "email_change") return t("confirm.emailChanged");
  if (type === "invite") return t("confirm.welcome");
  return t("confirm.confirmed");
}
