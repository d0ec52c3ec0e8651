import { data } from "react-router";
import { changePassword, updateProfile } from "~/domain/accounts/auth.server";
import { changePasswordSchema, profileSchema } from "~/domain/accounts/schemas.server";
import { toSessionUser } from "~/domain/accounts/session-user";
import { readSubmission } from "~/infra/forms.server";
import { failedForm, invalidForm, rateLimit, rejectedForm } from "~/infra/replies.server";
import { getSupabase, requireUser } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";

import type { FormReply } from "~/lib/form-reply";
import type { Route } from "./+types/profile";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { email, fullName, avatarUrl } = toSessionUser(user);
  return { email, fullName, avatarUrl: avatarUrl ?? "" };
}

/**
 * POST /profile: full name and avatar URL into user metadata (errors as toasts, input kept), or
 * with `intent=password` a new password (the current one required).
 */
export async function action(args: Route.ActionArgs) {
  const intent = new URL(args.request.url).searchParams.get("intent");
  if (intent === "password") return passwordAction(args);
  const read = await readSubmission(args.request, profileSchema);
  await requireUser(args);
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const result = await updateProfile(getSupabase(args.context), submission.value);
  if (!result.ok) return failedForm(result, submission, { toast: true, underForm: false });
  return redirectWithToast("/profile", { type: "success", title: "Profile updated" });
}

/** The password form's answers say so, to show under that form rather than the profile's. */
function forPasswordForm(answer: { data: FormReply; init: ResponseInit | null }) {
  return data<FormReply & { form: "password" }>(
    { ...answer.data, form: "password" },
    answer.init ?? undefined,
  );
}

/** POST /profile?intent=password: the signed-in owner changes the password. */
async function passwordAction(args: Route.ActionArgs) {
  const read = await readSubmission(args.request, changePasswordSchema, { extra: { username: 1 } });
  const user = await requireUser(args);
  if (!read.ok) return forPasswordForm(rejectedForm(read));
  const { submission } = read;
  if (submission.status !== "success") return forPasswordForm(invalidForm(submission));
  const email = user.email ?? "";
  const limited = await rateLimit("login", args.request, [email]);
  if (limited) return forPasswordForm(failedForm(limited, submission));
  const { currentPassword, password } = submission.value;
  const result = await changePassword(getSupabase(args.context), email, currentPassword, password);
  if (!result.ok) return forPasswordForm(failedForm(result, submission));
  return redirectWithToast("/profile", {
    type: "success",
    title: "Your password has been updated.",
  });
}
