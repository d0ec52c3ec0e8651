import type { User } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import type { ContactMessageRow } from "~/components/account/dashboard-cards";
import type { FormActionData } from "~/components/auth/form-state";
import { updateProfile } from "./account-auth.server";
import { invalidForm, replyOf } from "./account-forms.server";
import { getSupabase, isAdmin, requireUser, toSessionUser } from "./auth.server";
import { profileSchema } from "./auth-schemas.server";
import { parseForm, readFormData } from "./forms.server";
import type { OnboardingAnswers } from "./onboarding";
import { makeToast, redirectWithToast } from "./toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function profileLoader(args: Args) {
  const user = await requireUser(args);
  const { email, fullName, avatarUrl } = toSessionUser(user);
  return { email, fullName, avatarUrl: avatarUrl ?? "" };
}

/** POST /profile: full name and avatar URL into user metadata; errors as toasts, input kept. */
export async function profileAction(args: Args) {
  await requireUser(args);
  const submission = parseForm(await readFormData(args.request), profileSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const failure = await updateProfile(getSupabase(args.context), submission.value);
  if (failure) {
    return data<FormActionData>(
      {
        result: replyOf(submission),
        formError: null,
        toast: makeToast({ type: "error", title: failure.message }),
      },
      { status: failure.status },
    );
  }
  return redirectWithToast("/profile", { type: "success", title: "Profile updated" });
}

type Survey = Omit<OnboardingAnswers, "fullName">;

function surveyOf(user: User): Survey | null {
  const raw = user.user_metadata?.survey;
  if (!raw || typeof raw !== "object") return null;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    role: text(raw.role),
    services: Array.isArray(raw.services)
      ? raw.services.filter((s: unknown) => typeof s === "string")
      : [],
    discover: text(raw.discover),
    goals: text(raw.goals),
  };
}

/** GET /dashboard: the user's own details, survey answers and contact messages (RLS: theirs). */
export async function dashboardLoader(args: Args) {
  const user = await requireUser(args);
  const session = toSessionUser(user);
  let messages: ContactMessageRow[] = [];
  let messagesError: string | null = null;
  try {
    const { data: rows, error } = await getSupabase(args.context)
      .from("contact_messages")
      .select("id, message, created_at")
      .order("created_at", { ascending: false })
      .limit(20);
    if (error) messagesError = error.message;
    else messages = rows ?? [];
  } catch (error) {
    messagesError = error instanceof Error ? error.message : "Could not load your messages.";
  }
  return {
    user: session,
    survey: surveyOf(user),
    messages,
    messagesError,
    isAdmin: isAdmin(user),
  };
}
