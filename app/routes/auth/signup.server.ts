import { data, redirect } from "react-router";
import { signUpWithPassword } from "~/domain/accounts/auth.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { recordGoal } from "~/domain/analytics/collector.server";
import { getSiteConfig } from "~/domain/site/config.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { Locale } from "~/i18n/locale";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translate, translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { siteUrl } from "~/infra/env.server";
import { readSubmission } from "~/infra/forms.server";
import {
  noteAccountMail,
  returnMailCap,
  sendCappedMailLater,
  takeMailCap,
} from "~/infra/mail-caps.server";
import { overLimit, perAddress } from "~/web/limits.server";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getAuthUser, getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/signup";
import { AUTH_MESSAGES, destination, enabledOAuthProviders, suggestedEmail } from "./login.server";

/** Sign-ups per client address, counted once the form is valid (app/web/limits.server.ts). */
const LIMITS = { signup: [perAddress("signup")] } as const;

/** GET /signup: signed-in visitors go home; the page is never cached. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { t, i18n } = pageI18n(url, AUTH_MESSAGES);
  if (await getAuthUser(context)) throw redirect(t.path("/"));
  return data(
    {
      providers: enabledOAuthProviders(),
      // Where the confirmation link leads (an invitation's page), and the address it suggests.
      redirectTo: url.searchParams.has("redirectTo")
        ? destination(url.searchParams.get("redirectTo"), t)
        : null,
      email: suggestedEmail(url),
      i18n,
    },
    { headers: cacheHeaders("private") },
  );
}

/** The mail an address's owner gets when someone tries to sign up with it again. */
export async function existingAccountMail(email: string, locale: Locale) {
  const t = translator(locale);
  const login = `${siteUrl()}${t.path("/login")}`;
  const forgot = `${siteUrl()}${t.path("/forgot-password")}`;
  const brand = (await getSiteConfig(locale)).brandName;
  return {
    to: email,
    subject: translate(locale, "email.existingSubject", { brand }),
    text: translate(locale, "email.existingText", { brand, login, forgot }),
    links: [login, forgot],
  };
}

/**
 * POST /signup: validate, create the account (name kept as `full_name`), ask for confirmation.
 * An address that already has an account, or that was signed up a moment ago, gets the very
 * same answer (no account enumeration); the owner of an account is told by e-mail instead.
 * Mails to the address are capped (app/infra/mail-caps.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, accountSchemasIn(t.locale).signup, {
    honeypot: true,
  });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await overLimit(request, LIMITS.signup, submission.value);
  if (limited) return failedForm(limited, submission);

  const { firstName, lastName, email, password, redirectTo } = submission.value;
  // The confirmation's 60 s starts for the address, as at the auth server: a re-send asked
  // within it is told how long to wait (app/routes/auth/login.server.ts), account or not.
  await noteAccountMail("confirmation", email);
  // Mail bombing: past the address's sign-ups of the hour nothing is sent, the answer stays.
  if (await takeMailCap("signupMail", email)) {
    const result = await signUpWithPassword(getSupabase(context), {
      email,
      password,
      fullName: `${firstName} ${lastName}`,
      confirmUrl: `${siteUrl()}${destination(redirectTo, t)}`,
      locale: t.locale,
    });
    if (!result.ok) {
      await returnMailCap("signupMail", email);
      return failedForm(localizeFailure(result, t), submission);
    }
    if (!result.value.existing) recordGoal(request, "signup");
    if (result.value.existing) {
      sendCappedMailLater("existingAccountMail", email, () => existingAccountMail(email, t.locale));
    }
  }
  return redirectWithToast(t.path("/"), { type: "success", title: t("auth.signupSuccess") });
}
