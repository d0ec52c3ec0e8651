import type { User } from "@supabase/supabase-js";
import { COOKIES } from "~/infra/cookie-names";
import { signedCookieStorage } from "~/infra/cookies.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import {
  clampStep,
  emptyAnswers,
  type OnboardingAnswers,
  type OnboardingState,
  parseAnswers,
} from "./survey";

/**
 * Wizard progress lives on the server, in the account's user metadata (`onboarding_progress`:
 * the step to show and the answers so far), saved at every step: a client who stopped at step 3
 * resumes there in any browser. Metadata is the user's to edit, so it is read back through
 * parseAnswers like any untrusted input.
 *
 * While the auth server cannot save a step, the answers wait in a signed browser-session cookie
 * (works without JS) so nothing typed is lost; the next step saved clears it.
 */
const PROGRESS_KEY = "onboarding_progress";

const unsaved = signedCookieStorage<{ userId: string; step: number; answers: OnboardingAnswers }>(
  COOKIES.onboarding,
);

/** The wizard state of `user`: answers not saved yet in this browser, else where they stopped. */
export async function readOnboarding(
  cookieHeader: string | null,
  user: Pick<User, "id" | "user_metadata">,
): Promise<OnboardingState> {
  const meta = user.user_metadata ?? {};
  const fullName = typeof meta.full_name === "string" ? meta.full_name : "";
  const session = await unsaved().getSession(cookieHeader);
  if (session.get("userId") === user.id) {
    return {
      step: clampStep(Number(session.get("step"))),
      answers: parseAnswers(session.get("answers"), fullName),
    };
  }
  const saved = meta[PROGRESS_KEY];
  if (!saved || typeof saved !== "object") return { step: 0, answers: emptyAnswers(fullName) };
  const progress = saved as { step?: unknown; answers?: unknown };
  return {
    step: clampStep(Number(progress.step)),
    answers: parseAnswers(progress.answers, fullName),
  };
}

/** The Set-Cookie value that keeps `state` in this browser until it can be saved. */
export async function keepUnsaved(
  cookieHeader: string | null,
  userId: string,
  state: OnboardingState,
): Promise<string> {
  const session = await unsaved().getSession(cookieHeader);
  session.set("userId", userId);
  session.set("step", state.step);
  session.set("answers", state.answers);
  return unsaved().commitSession(session);
}

/** The Set-Cookie value that forgets answers kept in this browser. */
export async function clearUnsaved(cookieHeader: string | null): Promise<string> {
  return unsaved().destroySession(await unsaved().getSession(cookieHeader));
}

async function updateMetadata(
  supabase: AppSupabase,
  data: Record<string, unknown>,
): Promise<Result> {
  try {
    const { error } = await supabase.auth.updateUser({ data });
    return error ? fail("backend", error.message) : ok();
  } catch (error) {
    return fail(
      "unavailable",
      error instanceof Error ? error.message : "Could not save your answers.",
    );
  }
}

/** Saves the step to show next and the answers so far. */
export function saveProgress(supabase: AppSupabase, state: OnboardingState): Promise<Result> {
  return updateMetadata(supabase, {
    [PROGRESS_KEY]: { step: clampStep(state.step), answers: state.answers },
  });
}

/** Saves the survey to user metadata and drops the progress kept on the way. */
export function saveOnboarding(supabase: AppSupabase, answers: OnboardingAnswers): Promise<Result> {
  const { role, services, discover, goals } = answers;
  return updateMetadata(supabase, {
    full_name: answers.fullName,
    onboarded: true,
    survey: { role, services, discover, goals },
    [PROGRESS_KEY]: null,
  });
}
