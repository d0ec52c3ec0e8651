import { data, type RouterContextProvider } from "react-router";
import type { FormActionData } from "~/components/auth/form-state";
import { sendPasswordReset, updatePassword } from "./account-auth.server";
import { failedForm, invalidForm, rateLimited } from "./account-forms.server";
import { getAuthUser, getSupabase, requireUser } from "./auth.server";
import { forgotPasswordSchema, resetPasswordSchema } from "./auth-schemas.server";
import { checkHoneypot, parseForm, readFormData } from "./forms.server";
import { redirectWithToast } from "./toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The one answer to every well-formed request: it never tells whether an account exists. */
export const RESET_SENT =
  "If an account exists for that email address, we have sent a link to reset the password.";

/** POST /forgot-password. */
export async function forgotPasswordAction({ request, context }: Args) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const submission = parseForm(formData, forgotPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { email } = submission.value;
  const limited = await rateLimited("email", request, submission, [email]);
  if (limited) return limited;
  const failure = await sendPasswordReset(getSupabase(context), email);
  if (failure) console.warn(`[forgot-password] reset mail not sent: ${failure.message}`);
  return data<FormActionData>({ notice: RESET_SENT, formError: null });
}

/** GET /reset-password: only with the session the recovery link started. */
export async function resetPasswordLoader({ context }: Args) {
  const user = await getAuthUser(context);
  if (!user) {
    throw await redirectWithToast("/forgot-password", {
      type: "info",
      title: "Open the link in your password reset email to choose a new password.",
    });
  }
  return { email: user.email ?? "" };
}

/** POST /reset-password: the new password (same rules as sign-up); signed in afterwards. */
export async function resetPasswordAction({ request, context }: Args) {
  await requireUser({ request, context });
  const submission = parseForm(await readFormData(request), resetPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const failure = await updatePassword(getSupabase(context), submission.value.password);
  if (failure) return failedForm(submission, failure);
  return redirectWithToast("/dashboard", {
    type: "success",
    title: "Your password has been updated.",
  });
}
