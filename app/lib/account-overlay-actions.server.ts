import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { resendVerification } from "./account-auth.server";
import { dismissBannerCookie } from "./account-cookies.server";
import { getSupabase, requireUser, toSessionUser } from "./auth.server";
import { readFormData } from "./forms.server";
import { LAST_STEP } from "./onboarding";
import {
  applyStepFields,
  clearOnboarding,
  commitOnboarding,
  isFinish,
  nextStep,
  parseIntent,
  readOnboarding,
  saveOnboarding,
} from "./onboarding.server";
import { clientIp, consumeRateLimit, rateLimitMessage } from "./rate-limit.server";
import { safeRedirectPath } from "./safe-redirect";
import { redirectWithToast } from "./toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Where a shell form came from (its hidden `redirectTo`), made safe. */
function backTo(formData: FormData): string {
  return safeRedirectPath(formData.get("redirectTo"));
}

/** POST /email-banner: `intent=resend` sends the confirmation mail again; `dismiss` hides it. */
export async function emailBannerAction(args: Args) {
  const user = await requireUser(args);
  const formData = await readFormData(args.request);
  const back = backTo(formData);
  if (formData.get("intent") === "dismiss") {
    return redirect(back, { headers: { "Set-Cookie": dismissBannerCookie() } });
  }
  const email = user.email ?? "";
  const wait = await consumeRateLimit("email", [clientIp(args.request), email]);
  if (wait) return redirectWithToast(back, { type: "error", title: rateLimitMessage(wait) });
  const failure = await resendVerification(getSupabase(args.context), email);
  if (failure) return redirectWithToast(back, { type: "error", title: failure.message });
  return redirectWithToast(back, { type: "success", title: "Verification email sent" });
}

/**
 * POST /onboarding: one wizard step (fields + `step` + `intent=next|back|finish`). Answers
 * travel in a signed cookie; the answer is a redirect back to the page the wizard was shown on.
 */
export async function onboardingAction(args: Args) {
  const user = await requireUser(args);
  const sessionUser = toSessionUser(user);
  const formData = await readFormData(args.request);
  const back = backTo(formData);
  if (sessionUser.onboarded) return redirect(back);

  const state = await readOnboarding(args.request, sessionUser);
  const postedStep = Number(formData.get("step"));
  const step =
    Number.isInteger(postedStep) && postedStep >= 0 && postedStep <= LAST_STEP
      ? postedStep
      : state.step;
  const intent = parseIntent(formData.get("intent"));
  const answers = applyStepFields(state.answers, step, formData);

  if (isFinish(step, intent)) {
    const failure = await saveOnboarding(getSupabase(args.context), answers);
    if (!failure) {
      const headers = { "Set-Cookie": await clearOnboarding(args.request) };
      return redirectWithToast(
        back,
        { type: "success", title: "Onboarding complete!" },
        { headers },
      );
    }
    const headers = {
      "Set-Cookie": await commitOnboarding(args.request, user.id, { step, answers }),
    };
    return redirectWithToast(back, { type: "error", title: failure }, { headers });
  }
  const cookie = await commitOnboarding(args.request, user.id, {
    step: nextStep(step, intent),
    answers,
  });
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}
