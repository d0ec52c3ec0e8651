import { data } from "react-router";
import { changePassword, updateProfile } from "~/domain/accounts/auth.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { toSessionUser } from "~/domain/accounts/session-user";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { type Translator, translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import { overLimit, PASSWORD_CHECK_LIMITS } from "~/web/limits.server";
import { type FormAnswer, failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/profile";

/** Checking the current password counts as a sign-in (app/web/limits.server.ts). */
const LIMITS = { changePassword: PASSWORD_CHECK_LIMITS } as const;

export async function loader(args: Route.LoaderArgs) {
  const { user } = args.context.get(viewerContext);
  const { email, fullName, avatarUrl } = toSessionUser(user);
  const { i18n } = pageI18n(args.url, [
    "auth.currentPassword",
    "auth.newPassword",
    "auth.passwordHint",
    "meta.profileDescription",
  ]);
  return { email, fullName, avatarUrl: avatarUrl ?? "", i18n };
}

/** The answers of both forms of /profile; the password form's say so. */
export type ProfileReply = FormReply & { form?: "password" };

/**
 * POST /profile: full name and avatar URL into user metadata (errors as toasts, input kept), or
 * with `intent=password` a new password (the current one required).
 */
export async function action(args: Route.ActionArgs): Promise<FormAnswer<ProfileReply>> {
  const intent = new URL(args.request.url).searchParams.get("intent");
  const t = translator(localeOf(args.request));
  if (intent === "password") return passwordAction(args, t);
  const read = await readSubmission(args.request, accountSchemasIn(t.locale).profile);
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const result = await updateProfile(getSupabase(args.context), submission.value);
  if (!result.ok) {
    return failedForm(localizeFailure(result, t), submission, { toast: true, underForm: false });
  }
  return redirectWithToast(t.path("/profile"), {
    type: "success",
    title: t("account.profileUpdated"),
  });
}

/** The password form's answers say so, to show under that form rather than the profile's. */
function forPasswordForm(answer: { data: FormReply; init: ResponseInit | null }) {
  return data<FormReply & { form: "password" }>(
    { ...answer.data, form: "password" },
    answer.init ?? undefined,
  );
}

/** POST /profile?intent=password: the signed-in owner changes the password. */
async function passwordAction(args: Route.ActionArgs, t: Translator) {
  const read = await readSubmission(args.request, accountSchemasIn(t.locale).changePassword, {
    extra: { username: 1 },
  });
  const { user } = args.context.get(viewerContext);
  if (!read.ok) return forPasswordForm(rejectedForm(read));
  const { submission } = read;
  if (submission.status !== "success") return forPasswordForm(invalidForm(submission));
  const email = user.email ?? "";
  const limited = await overLimit(args.request, LIMITS.changePassword, { email });
  if (limited) return forPasswordForm(failedForm(limited, submission));
  const { currentPassword, password } = submission.value;
  const result = await changePassword(getSupabase(args.context), email, currentPassword, password);
  if (!result.ok) return forPasswordForm(failedForm(localizeFailure(result, t), submission));
  return redirectWithToast(t.path("/profile"), {
    type: "success",
    title: t("auth.passwordUpdated"),
  });
}
