import { data, redirect } from "react-router";
import {
  type OAuthProvider,
  parseOAuthProviders,
  resendVerification,
  signInWithPassword,
  startOAuth,
} from "~/domain/accounts/auth.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { failWith, localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { type Translator, translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { deviceCookie, sessionOnlyCookie, trustedDevice } from "~/infra/cookies.server";
import { env, siteUrl } from "~/infra/env.server";
import { boundedLane, LaneFullError } from "~/infra/fifo-limit";
import { readSubmission } from "~/infra/forms.server";
import { accountMailWait, returnAccountMail } from "~/infra/mail-caps.server";
import { setSessionOnly } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import type { Failure } from "~/lib/result";
import { destinationIn } from "~/lib/safe-redirect";
import { freshAdminPass } from "~/web/admin-pass.server";
import { overLimit, perAddressAnd } from "~/web/limits.server";
import {
  MAIL_LIMITS,
  mailBrowserCookie,
  mailWaitFailure,
  statedWait,
} from "~/web/mail-limits.server";
import {
  type FormAnswer,
  failedForm,
  invalidForm,
  rejectedForm,
  withCookie,
} from "~/web/replies.server";
import { getAuthUser, getSupabase } from "~/web/session.server";

import type { Route } from "./+types/login";

/**
 * What /login answers besides the form reply: the address to offer a new confirmation for, and
 * why a new one could not be sent (shown in the offer's box).
 */
export type LoginReply = FormReply & { unconfirmedEmail?: string; resendError?: string };

/**
 * What /login's forms count (app/web/limits.server.ts), once the form is valid: sign-ins per
 * client address and per e-mail — an address this browser signed in to before has a counter of
 * its own (OWASP device cookies: failures from elsewhere cannot lock its owner out) — and the
 * mail actions' limits for a new confirmation mail.
 */
const LIMITS = {
  signIn: [
    perAddressAnd("login", ({ email }: { email: string }, request) => {
      const device = trustedDevice(request, email);
      return [device ? `${email}#${device}` : email];
    }),
  ],
  resend: MAIL_LIMITS,
} as const;

/** Password checks in flight from this process at once; a flood waits (boundedly) in line. */
const passwordLane = boundedLane(4, 64);
const BUSY = failWith("unavailable", "auth.busy");

/** The messages of the sign-in and sign-up pages. */
export const AUTH_MESSAGES = ["auth", "meta.loginDescription", "meta.signupDescription"];

export function enabledOAuthProviders(): OAuthProvider[] {
  return parseOAuthProviders(env().OAUTH_PROVIDERS);
}

/**
 * Where a sign-in on a page in `t`'s language goes on to: the destination asked for, in that
 * language, else the dashboard in that language.
 */
export function destination(value: unknown, t: Translator): string {
  return destinationIn(value, t.locale, t.path("/dashboard"));
}

/**
 * The address a link suggests for the form (`?email=`, as an invitation's sign-in and sign-up
 * links carry it): shown in the field when it looks like one, never trusted for anything else.
 */
export function suggestedEmail(url: URL): string {
  const email = (url.searchParams.get("email") ?? "").trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : "";
}

/** GET /login: signed-in visitors go home; the page is never cached. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { t, i18n } = pageI18n(url, AUTH_MESSAGES);
  if (await getAuthUser(context)) throw redirect(t.path("/"));
  return data(
    {
      providers: enabledOAuthProviders(),
      redirectTo: destination(url.searchParams.get("redirectTo"), t),
      email: suggestedEmail(url),
      i18n,
    },
    { headers: cacheHeaders("private") },
  );
}

/**
 * POST /login: password sign-in, the start of an OAuth sign-in (`intent=oauth`), or a new
 * confirmation e-mail for an address that has not been confirmed (`intent=resend`).
 */
export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<FormAnswer<LoginReply>> {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, accountSchemasIn(t.locale).login, {
    extra: { intent: 1, provider: 1 },
  });
  if (!read.ok) return rejectedForm(read);
  const intent = read.formData.get("intent");
  if (intent === "oauth") return oauthAction(read.formData, context, t);
  if (intent === "resend") return resendAction(request, read.formData, context, t);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const { email, password, remember, redirectTo } = submission.value;
  const limited = await overLimit(request, LIMITS.signIn, { email });
  if (limited) return failedForm(limited, submission);

  const supabase = getSupabase(context);
  const sessionOnly = remember !== "on";
  setSessionOnly(supabase, sessionOnly);
  let result: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    result = await passwordLane(() => signInWithPassword(supabase, email, password));
  } catch (error) {
    if (!(error instanceof LaneFullError)) throw error;
    result = BUSY;
  }
  if (!result.ok) {
    const unconfirmed =
      result.key === "auth.emailNotConfirmed" || result.message === "Email not confirmed";
    return failedForm(localizeFailure(result, t), submission, {
      extra: unconfirmed ? { unconfirmedEmail: email } : {},
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionOnlyCookie(sessionOnly));
  if (!trustedDevice(request, email)) headers.append("Set-Cookie", deviceCookie(email));
  // An administrator's first page after signing in is already theirs, not a visitor's.
  const pass = freshAdminPass(request, result.value);
  if (pass) headers.append("Set-Cookie", pass);
  return redirect(destination(redirectTo, t), { headers });
}

async function oauthAction(
  formData: FormData,
  context: Route.ActionArgs["context"],
  t: Translator,
) {
  const provider = formData.get("provider");
  const enabled = enabledOAuthProviders();
  if (typeof provider !== "string" || !enabled.includes(provider as OAuthProvider)) {
    return data<LoginReply>(
      { formError: "This sign-in provider is not available yet." },
      { status: 400 },
    );
  }
  const next = destination(formData.get("redirectTo"), t);
  const returnUrl = `${siteUrl()}/auth/confirm?next=${encodeURIComponent(next)}`;
  const result = await startOAuth(getSupabase(context), provider as OAuthProvider, returnUrl);
  if (!result.ok) return failedForm(localizeFailure(result, t));
  return redirect(result.value.url);
}

/**
 * "Resend confirmation email" under a refused sign-in: limited per browser and client address
 * (app/web/mail-limits.server.ts). The answer says a mail left only when one did; otherwise
 * how long to wait — within 60 s of the last confirmation asked for the address (the auth
 * server would refuse), or past its cap of account mails (app/infra/mail-caps.server.ts). Both
 * depend on what was asked for the address, not on whether it has an account.
 */
async function resendAction(
  request: Request,
  formData: FormData,
  context: Route.ActionArgs["context"],
  t: Translator,
) {
  const schema = accountSchemasIn(t.locale).resend;
  const parsed = schema.safeParse({ email: formData.get("email") ?? undefined });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? t("validation.emailInvalid");
    return data<LoginReply>({ formError: message }, { status: 400 });
  }
  const email = parsed.data.email.toLowerCase();
  const setCookie = mailBrowserCookie(request, email);
  const limited = await overLimit(request, LIMITS.resend, { email });
  // A refusal keeps the offer on the page with its reason, so it can be pressed again later.
  const refused = (failure: Failure) =>
    withCookie(
      failedForm(failure, undefined, {
        underForm: false,
        extra: { unconfirmedEmail: email, resendError: failure.message },
      }),
      setCookie,
    );
  if (limited) return refused(limited);
  const wait = await accountMailWait("confirmation", email);
  if (wait !== null) return refused(mailWaitFailure(request, wait));
  const result = await resendVerification(
    getSupabase(context),
    email,
    `${siteUrl()}${t.path("/dashboard")}`,
  );
  if (!result.ok) {
    await returnAccountMail("confirmation", email);
    // The auth server's own 60 s (a mail asked for elsewhere): its stated wait, truthfully.
    const stated = result.kind === "limited" ? statedWait(result.message) : null;
    if (stated !== null) return refused(mailWaitFailure(request, stated));
    if (result.kind === "unavailable") return refused(localizeFailure(result, t));
  }
  return withCookie(data<LoginReply>({ notice: t("auth.confirmationResent") }), setCookie);
}
