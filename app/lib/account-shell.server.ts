import { bannerDismissed } from "./account-cookies.server";
import type { OnboardingState } from "./onboarding";
import { readOnboarding } from "./onboarding.server";
import type { SessionUser } from "./session-user";

export interface AccountShellData {
  /** The yellow "verify your e-mail" banner, for a signed-in unconfirmed user who kept it. */
  emailBanner: { email: string } | null;
  /** The onboarding wizard, for a signed-in user who has not finished it. */
  onboarding: OnboardingState | null;
}

/** Extra root-loader data for the signed-in shell (e-mail banner, onboarding wizard). */
export async function getAccountShellData(
  request: Request,
  user: SessionUser | null,
): Promise<AccountShellData> {
  if (!user) return { emailBanner: null, onboarding: null };
  return {
    emailBanner: !user.emailConfirmed && !bannerDismissed(request) ? { email: user.email } : null,
    onboarding: user.onboarded ? null : await readOnboarding(request, user),
  };
}
