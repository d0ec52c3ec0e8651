import { redirect } from "react-router";
import { resendVerification } from "~/domain/accounts/auth.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { dismissBannerCookie } from "~/infra/cookies.server";
import { siteUrl } from "~/infra/env.server";
import { readForm, simpleRules } from "~/infra/forms.server";
import { accountMailWait, returnAccountMail } from "~/infra/mail-caps.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { overLimit } from "~/web/limits.server";
import {
  MAIL_LIMITS,
  mailBrowserCookie,
  mailWaitFailure,
  statedWait,
} from "~/web/mail-limits.server";
import { withCookie } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";

import type { Route } from "./+types/email-banner";

/** The wizard and banner are shown over every page: a GET just goes home. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(translator(localeOf(url)).path("/"));
}

/** A new confirmation mail counts as a mail action (app/web/mail-limits.server.ts). */
const LIMITS = { resend: MAIL_LIMITS } as const;

const FIELDS = simpleRules({ intent: 1, redirectTo: 1 });

/** POST /email-banner: `intent=resend` sends the confirmation mail again; `dismiss` hides it. */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  const form = await readForm(args.request, FIELDS);
  const { user } = args.context.get(viewerContext);
  const home = t.path("/");
  const back = form.ok ? safeRedirectPath(form.formData.get("redirectTo"), home) : home;
  if (!form.ok) return redirectWithToast(back, { type: "error", title: form.message });
  if (form.formData.get("intent") === "dismiss") {
    return redirect(back, { headers: { "Set-Cookie": dismissBannerCookie() } });
  }
  const email = user.email ?? "";
  const setCookie = mailBrowserCookie(args.request, email);
  const limited = await overLimit(args.request, LIMITS.resend, { email });
  const refuse = async (title: string) =>
    withCookie(await redirectWithToast(back, { type: "error", title }), setCookie);
  if (limited) return refuse(limited.message);
  // Within the 60 s between two confirmations, or past the address's cap: how long to wait.
  const wait = await accountMailWait("confirmation", email);
  if (wait !== null) return refuse(mailWaitFailure(args.request, wait).message);
  const sent = await resendVerification(
    getSupabase(args.context),
    email,
    `${siteUrl()}${t.path("/dashboard")}`,
  );
  if (!sent.ok) {
    await returnAccountMail("confirmation", email);
    const stated = sent.kind === "limited" ? statedWait(sent.message) : null;
    if (stated !== null) return refuse(mailWaitFailure(args.request, stated).message);
    return refuse(localizeFailure(sent, t).message);
  }
  const done = await redirectWithToast(back, {
    type: "success",
    title: t("account.verificationSent"),
  });
  return withCookie(done, setCookie);
}
