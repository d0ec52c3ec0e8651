import { redirect } from "react-router";
import { resendVerification } from "~/domain/accounts/auth.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { dismissBannerCookie } from "~/infra/cookies.server";
import { siteUrl } from "~/infra/env.server";
import { readForm, simpleRules } from "~/infra/forms.server";
import { mailCapWait, returnMailCap } from "~/infra/mail-caps.server";
import { rateLimit } from "~/infra/replies.server";
import { getSupabase, requireUser } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

import type { Route } from "./+types/email-banner";

/** The wizard and banner are shown over every page: a GET just goes home. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(translator(localeOf(url)).path("/"));
}

const FIELDS = simpleRules({ intent: 1, redirectTo: 1 });

/** POST /email-banner: `intent=resend` sends the confirmation mail again; `dismiss` hides it. */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  const form = await readForm(args.request, FIELDS);
  const user = await requireUser(args);
  const home = t.path("/");
  const back = form.ok ? safeRedirectPath(form.formData.get("redirectTo"), home) : home;
  if (!form.ok) return redirectWithToast(back, { type: "error", title: form.message });
  if (form.formData.get("intent") === "dismiss") {
    return redirect(back, { headers: { "Set-Cookie": dismissBannerCookie() } });
  }
  const email = user.email ?? "";
  const limited = await rateLimit("email", args.request, [email]);
  if (limited) return redirectWithToast(back, { type: "error", title: limited.message });
  // The owner is signed in: past the address's cap of account mails, say how long to wait.
  const capped = await mailCapWait("accountMail", email);
  if (capped !== null) {
    const title = t("validation.rateLimited", { seconds: capped });
    return redirectWithToast(back, { type: "error", title });
  }
  const sent = await resendVerification(
    getSupabase(args.context),
    email,
    `${siteUrl()}${t.path("/dashboard")}`,
  );
  if (!sent.ok) {
    await returnMailCap("accountMail", email);
    return redirectWithToast(back, { type: "error", title: localizeFailure(sent, t).message });
  }
  return redirectWithToast(back, { type: "success", title: t("account.verificationSent") });
}
