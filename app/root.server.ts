import { data } from "react-router";
import type { SessionUser } from "~/domain/accounts/session-user";
import { readOnboarding } from "~/domain/onboarding/progress.server";
import type { OnboardingState } from "~/domain/onboarding/survey";
import { startOutboxWorker } from "~/domain/outbox/outbox.server";
import { bannerDismissed } from "~/infra/cookies.server";
import { honeypotInputProps as honeypotProps } from "~/infra/forms.server";
import { getSessionUser } from "~/infra/session.server";
import { getSiteConfig } from "~/infra/site-config.server";
import { supabaseMiddleware } from "~/infra/supabase-middleware.server";
import { getToast } from "~/infra/toast.server";
import type { Route } from "./+types/root";

/** The mail outbox polls in every server process from its first request on. */
const outboxMiddleware: Route.MiddlewareFunction = (_args, next) => {
  startOutboxWorker();
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [outboxMiddleware, supabaseMiddleware];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const [user, { toast, headers }, honeypotInputProps] = await Promise.all([
    getSessionUser(context),
    getToast(request),
    honeypotProps(),
  ]);
  const account = await getAccountShellData(request, user, url);
  return data({ site: getSiteConfig(), user, toast, honeypotInputProps, ...account }, { headers });
}

export interface AccountShellData {
  /** The yellow "verify your e-mail" banner, for a signed-in unconfirmed user who kept it. */
  emailBanner: { email: string } | null;
  /** The onboarding wizard, for a signed-in user who has not finished it. */
  onboarding: OnboardingState | null;
}

/**
 * Pages the onboarding wizard never covers: choosing a new password, the legal pages, and the
 * admin area (the survey is for clients; it waits until they are elsewhere on the site).
 */
const NO_WIZARD = /^\/(?:reset-password|forgot-password|auth\/|logout|terms|privacy|admin(?:\/|$))/;

/** Extra root-loader data for the signed-in shell (e-mail banner, onboarding wizard). */
export async function getAccountShellData(
  request: Request,
  user: SessionUser | null,
  url: URL = new URL(request.url),
): Promise<AccountShellData> {
  if (!user) return { emailBanner: null, onboarding: null };
  const wizardAllowed = !NO_WIZARD.test(url.pathname);
  return {
    emailBanner: !user.emailConfirmed && !bannerDismissed(request) ? { email: user.email } : null,
    onboarding:
      user.onboarded || !wizardAllowed
        ? null
        : await readOnboarding(request.headers.get("Cookie"), user),
  };
}
