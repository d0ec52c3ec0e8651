import { updateProfile } from "~/domain/accounts/auth.server";
import { profileSchema } from "~/domain/accounts/schemas.server";
import { toSessionUser } from "~/domain/accounts/session-user";
import { readSubmission } from "~/infra/forms.server";
import { failedForm, invalidForm, rejectedForm } from "~/infra/replies.server";
import { getSupabase, requireUser } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";

import type { Route } from "./+types/profile";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { email, fullName, avatarUrl } = toSessionUser(user);
  return { email, fullName, avatarUrl: avatarUrl ?? "" };
}

/** POST /profile: full name and avatar URL into user metadata; errors as toasts, input kept. */
export async function action(args: Route.ActionArgs) {
  const read = await readSubmission(args.request, profileSchema);
  await requireUser(args);
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const result = await updateProfile(getSupabase(args.context), submission.value);
  if (!result.ok) return failedForm(result, submission, { toast: true, underForm: false });
  return redirectWithToast("/profile", { type: "success", title: "Profile updated" });
}
