import type { RouterContextProvider } from "react-router";
import { signUpWithPassword } from "./account-auth.server";
import { failedForm, invalidForm, rateLimited } from "./account-forms.server";
import { getSupabase } from "./auth.server";
import { signupSchema } from "./auth-schemas.server";
import { checkHoneypot, parseForm, readFormData } from "./forms.server";
import { redirectWithToast } from "./toast.server";

export const SIGNUP_SUCCESS = "Account created! Please check your email to confirm your account.";

/** POST /signup: validate, create the account (name kept as `full_name`), ask for confirmation. */
export async function signupAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const submission = parseForm(formData, signupSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await rateLimited("signup", request, submission);
  if (limited) return limited;

  const { firstName, lastName, email, password } = submission.value;
  const failure = await signUpWithPassword(getSupabase(context), {
    email,
    password,
    fullName: `${firstName} ${lastName}`,
  });
  if (failure) return failedForm(submission, failure);
  return redirectWithToast("/", { type: "success", title: SIGNUP_SUCCESS });
}
