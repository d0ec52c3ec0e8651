import { data, redirect } from "react-router";
import { z } from "zod";
import { acceptInvitation, findInvitation } from "~/domain/access/invitations.server";
import { getSiteConfig } from "~/domain/site/config.server";
import { dateTime } from "~/i18n/format";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { agencyTimeZone } from "~/infra/env.server";
import { readSubmission } from "~/infra/forms.server";
import { failedForm, rejectedForm } from "~/web/replies.server";
import { getAuthUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/invitation";

/**
 * /invitations/<token>: the page an invitation mail links to, in the language it was sent in.
 * It says what the link is (an invitation into which organisation, for which address, until
 * when) or why it no longer works (used, expired, not a genuine link), and how to accept: sign
 * in or sign up with the invited address, then "Accept" (a POST: a link's GET never changes
 * anything, so mail scanners that follow links accept nothing). Never cached.
 */
const STATUS_OF_STATE = { pending: 200, used: 410, expired: 410, invalid: 404 } as const;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { t, i18n } = pageI18n(url, ["invitations"]);
  const [found, user, site] = await Promise.all([
    findInvitation(params.token),
    getAuthUser(context),
    getSiteConfig(t.locale),
  ]);
  if (!found.ok) throw data({ message: found.message }, { status: 503 });
  const invitation = found.value;
  const here = url.pathname;
  const invited = invitation.email ?? "";
  const next = `?redirectTo=${encodeURIComponent(here)}&email=${encodeURIComponent(invited)}`;
  return data(
    {
      ...invitation,
      brand: site.brandName,
      until: invitation.expiresAt
        ? dateTime(invitation.expiresAt, t.locale, agencyTimeZone(), "long")
        : null,
      signedInAs: user?.email ?? null,
      isInvitee: !!user?.email && user.email.toLowerCase() === invited,
      loginHref: `${t.path("/login")}${next}`,
      signupHref: `${t.path("/signup")}${next}`,
      i18n,
    },
    { status: STATUS_OF_STATE[invitation.state], headers: cacheHeaders("private") },
  );
}

const acceptForm = z.object({ intent: z.literal("accept") });

/** POST: accepts the invitation as the signed-in person (a visitor is sent to sign in first). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, acceptForm);
  if (!read.ok) return rejectedForm(read);
  const here = new URL(request.url).pathname;
  const user = await getAuthUser(context);
  if (!user) throw redirect(`${t.path("/login")}?redirectTo=${encodeURIComponent(here)}`);
  const accepted = await acceptInvitation(params.token, user.id);
  if (!accepted.ok) return failedForm(accepted);
  const answer = accepted.value;
  if (answer.status === "accepted") {
    return redirectWithToast(t.path("/dashboard"), {
      type: "success",
      title: t("invitations.accepted", { organisation: answer.name }),
    });
  }
  // The page again, saying why (the loader reads the row anew: used, expired, not genuine).
  const status = answer.status === "other_email" ? 409 : answer.status === "invalid" ? 404 : 410;
  return data(
    { formError: t(`invitations.refused.${answer.status}`) },
    { status, headers: cacheHeaders("private") },
  );
}
