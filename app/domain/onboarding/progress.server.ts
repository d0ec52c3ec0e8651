import { signedCookieStorage } from "~/infra/cookies.server";
import { COOKIES } from "~/infra/http-policy";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import type { SessionUser } from "../accounts/session-user";
import {
  clampStep,
  emptyAnswers,
  type OnboardingAnswers,
  type OnboardingState,
  parseAnswers,
} from "./survey";

/** Wizard progress between steps: a signed browser-session cookie (works without JS). */
const storage = signedCookieStorage<{ userId: string; step: number; answers: OnboardingAnswers }>(
  COOKIES.onboarding,
);

/** The wizard state of this browser for `user` (a fresh start if the cookie is someone else's). */
export async function readOnboarding(
  cookieHeader: string | null,
  user: SessionUser,
): Promise<OnboardingState> {
  const session = await storage().getSession(cookieHeader);
  if (session.get("userId") !== user.id) return { step: 0, answers: emptyAnswers(user.fullName) };
  return {
    step: clampStep(Number(session.get("step"))),
    answers: parseAnswers(session.get("answers"), user.fullName),
  };
}

/** The Set-Cookie value that stores `state` for `userId`. */
export async function commitOnboarding(
  cookieHeader: string | null,
  userId: string,
  state: OnboardingState,
): Promise<string> {
  const session = await storage().getSession(cookieHeader);
  session.set("userId", userId);
  session.set("step", state.step);
  session.set("answers", state.answers);
  return storage().commitSession(session);
}

/** The Set-Cookie value that forgets the wizard's progress. */
export async function clearOnboarding(cookieHeader: string | null): Promise<string> {
  return storage().destroySession(await storage().getSession(cookieHeader));
}

/** Saves the survey to user metadata (spec §7). */
export async function saveOnboarding(
  supabase: AppSupabase,
  answers: OnboardingAnswers,
): Promise<Result> {
  const { role, services, discover, goals } = answers;
  try {
    const { error } = await supabase.auth.updateUser({
      data: {
        full_name: answers.fullName,
        onboarded: true,
        survey: { role, services, discover, goals },
      },
    });
    return error ? fail("backend", error.message) : ok();
  } catch (error) {
    return fail(
      "unavailable",
      error instanceof Error ? error.message : "Could not save your answers.",
    );
  }
}
