import { redirect } from "react-router";
import { z } from "zod";
import { toSessionUser } from "~/domain/accounts/session-user";
import { recordGoal } from "~/domain/analytics/collector.server";
import {
  clearUnsaved,
  keepUnsaved,
  readOnboarding,
  saveOnboarding,
  saveProgress,
} from "~/domain/onboarding/progress.server";
import {
  applyStep,
  isFinish,
  LAST_STEP,
  MAX_SERVICES,
  nextStep,
  type OnboardingIntent,
} from "~/domain/onboarding/survey";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";

import type { Route } from "./+types/onboarding";

/** The wizard and banner are shown over every page: a GET just goes home. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(translator(localeOf(url)).path("/"));
}

const optionalText = z.string().max(5000).optional();

/** One wizard step as posted: every field optional (spec: onboarding allows empty answers). */
const stepSchema = z.object({
  step: z.string().max(10).optional(),
  intent: z.string().max(10).optional(),
  redirectTo: z.string().max(2048).optional(),
  fullName: optionalText,
  role: optionalText,
  services: z.array(z.string().max(100)).max(MAX_SERVICES).optional(),
  discover: optionalText,
  goals: optionalText,
});

/**
 * POST /onboarding: one wizard step (fields + `step` + `intent=next|back|finish`). Each step's
 * answers are saved to the account (app/domain/onboarding/progress.server.ts), so the wizard
 * resumes there in any browser; the answer is a redirect back to the page it was shown on.
 */
export async function action(args: Route.ActionArgs) {
  const read = await readSubmission(args.request, stepSchema);
  const { user } = args.context.get(viewerContext);
  const sessionUser = toSessionUser(user);
  const t = translator(localeOf(args.request));
  const posted = read.ok && read.submission.status === "success" ? read.submission.value : null;
  const back = safeRedirectPath(posted?.redirectTo, t.path("/"));
  if (!posted) {
    return redirectWithToast(back, { type: "error", title: t("account.onboardingAgain") });
  }
  if (sessionUser.onboarded) return redirect(back);

  const cookieHeader = args.request.headers.get("Cookie");
  const state = await readOnboarding(cookieHeader, user);
  const postedStep = Number(posted.step);
  const step =
    Number.isInteger(postedStep) && postedStep >= 0 && postedStep <= LAST_STEP
      ? postedStep
      : state.step;
  const intent: OnboardingIntent =
    posted.intent === "back" || posted.intent === "finish" ? posted.intent : "next";
  const answers = applyStep(state.answers, step, posted);
  const supabase = getSupabase(args.context);

  if (isFinish(step, intent)) {
    const saved = await saveOnboarding(supabase, answers);
    if (saved.ok) {
      recordGoal(args.request, "onboarding");
      const headers = { "Set-Cookie": await clearUnsaved(cookieHeader) };
      return redirectWithToast(
        back,
        { type: "success", title: t("account.onboardingDone") },
        { headers },
      );
    }
    const headers = {
      "Set-Cookie": await keepUnsaved(cookieHeader, user.id, { step, answers }),
    };
    return redirectWithToast(back, { type: "error", title: saved.message }, { headers });
  }
  const next = { step: nextStep(step, intent), answers };
  const saved = await saveProgress(supabase, next);
  const cookie = saved.ok
    ? await clearUnsaved(cookieHeader)
    : await keepUnsaved(cookieHeader, user.id, next);
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}
