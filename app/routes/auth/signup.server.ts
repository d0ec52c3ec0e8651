import { data, redirect } from "react-router";
import { signUpWithPassword } from "~/domain/accounts/auth.server";
import { SIGNUP_SUCCESS } from "~/domain/accounts/limits";
import { signupSchema } from "~/domain/accounts/schemas.server";
import { siteUrl } from "~/infra/env.server";
import { readSubmission } from "~/infra/forms.server";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { sendMailLater } from "~/infra/mail.server";
import { failedForm, invalidForm, rateLimit, rejectedForm } from "~/infra/replies.server";
import { getAuthUser, getSupabase } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import type { Route } from "./+types/signup";
import { enabledOAuthProviders } from "./login.server";

/** GET /signup: signed-in visitors go home; the page is never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  if (await getAuthUser(context)) throw redirect("/");
  return data(
    { providers: enabledOAuthProviders() },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

/** The mail an address's owner gets when someone tries to sign up with it again. */
function existingAccountMail(email: string) {
  const site = siteUrl();
  const text = `Someone (perhaps you) tried to create an account with this email address, which already has one.

If it was you, sign in: ${site}/login
Forgot your password? Choose a new one: ${site}/forgot-password

If it was not you, you can ignore this email: nothing has changed on your account.
`;
  return {
    to: email,
    subject: "Someone tried to sign up with your email address",
    text,
    links: [`${site}/login`, `${site}/forgot-password`],
  };
}

/**
 * POST /signup: validate, create the account (name kept as `full_name`), ask for confirmation.
 * An address that already has an account gets the very same answer (no account enumeration);
 * its owner is told by e-mail instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readSubmission(request, signupSchema, { honeypot: true });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await rateLimit("signup", request);
  if (limited) return failedForm(limited, submission);

  const { firstName, lastName, email, password } = submission.value;
  const result = await signUpWithPassword(getSupabase(context), {
    email,
    password,
    fullName: `${firstName} ${lastName}`,
    confirmUrl: `${siteUrl()}/dashboard`,
  });
  if (!result.ok) return failedForm(result, submission);
  if (result.value.existing) sendMailLater(existingAccountMail(email));
  return redirectWithToast("/", { type: "success", title: SIGNUP_SUCCESS });
}
