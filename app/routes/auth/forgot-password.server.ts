import { data } from "react-router";
import { sendPasswordReset } from "~/domain/accounts/auth.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { siteUrl } from "~/infra/env.server";
import { readSubmission } from "~/infra/forms.server";
import { accountMailWait } from "~/infra/mail-caps.server";
import type { FormReply } from "~/lib/form-reply";
import { overLimit } from "~/web/limits.server";
import { MAIL_LIMITS, mailBrowserCookie, mailWaitFailure } from "~/web/mail-limits.server";
import { failedForm, invalidForm, rejectedForm, withCookie } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/forgot-password";

/** A reset mail counts as a mail action (app/web/mail-limits.server.ts), once the form is valid. */
const LIMITS = { reset: MAIL_LIMITS } as const;

/** GET /forgot-password: the page's messages. */
export function loader({ url }: Route.LoaderArgs) {
  return { i18n: pageI18n(url, ["auth", "meta.forgotTitle", "meta.forgotDescription"]).i18n };
}

/**
 * POST /forgot-password. Limited per browser and client address, then per recipient: within
 * 60 s of the last reset asked for the address, or past its cap of account mails
 * (app/infra/mail-caps.server.ts), the answer says how long to wait — for any address, account
 * or not. Otherwise the reset mail is requested after the answer is decided and without waiting
 * for it, so a known and an unknown address get the same answer in the same time.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, accountSchemasIn(t.locale).forgotPassword, {
    honeypot: true,
  });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const { email } = submission.value;
  const setCookie = mailBrowserCookie(request, email);
  const limited = await overLimit(request, LIMITS.reset, { email });
  if (limited) return withCookie(failedForm(limited, submission), setCookie);
  const wait = await accountMailWait("reset", email);
  if (wait !== null) {
    return withCookie(failedForm(mailWaitFailure(request, wait), submission), setCookie);
  }
  const supabase = getSupabase(context);
  setImmediate(async () => {
    const sent = await sendPasswordReset(
      supabase,
      email,
      `${siteUrl()}${t.path("/reset-password")}`,
    );
    if (!sent.ok) console.warn(`[forgot-password] reset mail not sent: ${sent.message}`);
  });
  return withCookie(data<FormReply>({ notice: t("auth.resetSent"), formError: null }), setCookie);
}
