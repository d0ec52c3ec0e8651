import { changePassword, updatePassword } from "~/domain/accounts/auth.server";
import { accountSchemasIn } from "~/domain/accounts/schema.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import type { Result } from "~/lib/result";
import { overLimit, PASSWORD_CHECK_LIMITS } from "~/web/limits.server";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getAuthUser, getSupabase, isRecoverySession } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/reset-password";

/** Checking the current password counts as a sign-in (app/web/limits.server.ts). */
const LIMITS = { change: PASSWORD_CHECK_LIMITS } as const;

/**
 * GET /reset-password: a session is required. A session opened by a recovery link (within the
 * hour) may set a new password; any other signed-in session must give the current one.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { t, i18n } = pageI18n(url, ["auth", "meta.resetDescription"]);
  const user = await getAuthUser(context);
  if (!user) {
    throw await redirectWithToast(t.path("/forgot-password"), {
      type: "info",
      title: t("auth.openResetLink"),
    });
  }
  return { email: user.email ?? "", needsCurrent: !(await isRecoverySession(context)), i18n };
}

/**
 * POST /reset-password: the new password (same rules as sign-up); signed in afterwards. Posting
 * needs a session (app/routes/account/forms-layout.ts sends anyone else to the login page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const schemas = accountSchemasIn(t.locale);
  const recovery = await isRecoverySession(context);
  const schema = recovery ? schemas.resetPassword : schemas.changePassword;
  // The read-only e-mail travels as `username` for password managers.
  const read = await readSubmission(request, schema, { extra: { username: 1 } });
  const { user } = context.get(viewerContext);
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const supabase = getSupabase(context);
  const { password } = submission.value;
  let result: Result;
  if (recovery) {
    result = await updatePassword(supabase, password);
  } else {
    const email = user.email ?? "";
    const limited = await overLimit(request, LIMITS.change, { email });
    if (limited) return failedForm(limited, submission);
    const value = submission.value as { currentPassword?: unknown };
    const current = typeof value.currentPassword === "string" ? value.currentPassword : "";
    result = await changePassword(supabase, email, current, password);
  }
  if (!result.ok) return failedForm(localizeFailure(result, t), submission);
  return redirectWithToast(t.path("/dashboard"), {
    type: "success",
    title: t("auth.passwordUpdated"),
  });
}
