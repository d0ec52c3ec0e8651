import { data } from "react-router";
import { changePassword, updateProfile } from "~/domain/accounts/auth.server";
import {
  clientDetailsMetadata,
  clientDetailsOf,
  clientDetailsSchemaIn,
} from "~/domain/accounts/client-details.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { toSessionUser } from "~/domain/accounts/session-user";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { perLocale, type Translator, translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import { overLimit, PASSWORD_CHECK_LIMITS } from "~/web/limits.server";
import { type FormAnswer, failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/profile";
import { deleteAction, notificationsAction, type RightsForm } from "./profile-rights.server";

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
    "account.rights",
  ]);
  return { email, fullName, avatarUrl: avatarUrl ?? "", ...clientDetailsOf(user), i18n };
}

/** The profile form: name and avatar, the client's phone, company and KRA PIN. */
const profileSchemaIn = perLocale((t) =>
  accountSchemasIn(t.locale).profile.extend(clientDetailsSchemaIn(t.locale).shape),
);

/** The answers of the forms of /profile; all but the profile form's say which they are. */
export type ProfileReply = FormReply & { form?: "password" | RightsForm };

/**
 * POST /profile: name, avatar, phone (E.164), company and KRA PIN into user metadata (backend
 * errors as toasts, input kept); with `intent=password` a new password (the current one
 * required), `intent=notifications` the optional mails, `intent=delete` the account's deletion.
 */
export async function action(args: Route.ActionArgs): Promise<FormAnswer<ProfileReply>> {
  const intent = new URL(args.request.url).searchParams.get("intent");
  const t = translator(localeOf(args.request));
  if (intent === "password") return passwordAction(args, t);
  if (intent === "notifications") return notificationsAction(args, t);
  if (intent === "delete") return deleteAction(args, t);
  const read = await readSubmission(args.request, profileSchemaIn(t.locale));
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const result = await updateProfile(
    getSupabase(args.context),
    submission.value,
    clientDetailsMetadata(submission.value),
  );
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
