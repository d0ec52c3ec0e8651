import { data, Form, Link, redirect } from "react-router";
import { AuthCard, linkClass } from "~/components/auth/auth-card";
import { errorsOf, typedValue } from "~/components/auth/form-state";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { PasswordField } from "~/components/auth/password-field";
import { PASSWORD_HINT } from "~/components/auth/rules";
import { TermsCheckbox } from "~/components/auth/terms-checkbox";
import { Field, FormError } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { enabledOAuthProviders } from "~/lib/account-auth.server";
import { signupAction } from "~/lib/account-signup.server";
import { getAuthUser } from "~/lib/auth.server";
import { privateFormHeaders } from "~/lib/cache-control";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/signup";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Create an Account",
    description: "Create an account to follow your projects, keep a profile and see our portfolio.",
    path: "/signup",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  if (await getAuthUser(context)) throw redirect("/");
  return data(
    { providers: enabledOAuthProviders() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = signupAction;

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const field = (name: string) => ({
    name,
    defaultValue: typedValue(result, name),
    errors: errorsOf(result, name),
  });
  return (
    <AuthCard
      title="Create an Account"
      subtitle="Join us to follow your projects and get tailored digital solutions"
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {/* The server checks every field and answers with the messages under each one. */}
      <Form method="post" noValidate className="space-y-5">
        <HoneypotInputs />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First Name" autoComplete="given-name" required {...field("firstName")} />
          <Field label="Last Name" autoComplete="family-name" required {...field("lastName")} />
        </div>
        <Field
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          {...field("email")}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          toggle
          hint={PASSWORD_HINT}
          errors={errorsOf(result, "password")}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          errors={errorsOf(result, "confirmPassword")}
        />
        <TermsCheckbox
          defaultChecked={typedValue(result, "terms") === "on"}
          errors={errorsOf(result, "terms")}
        />
        <FormError message={actionData?.formError} />
        <SubmitButton pendingLabel="Creating account..." className="w-full">
          Create Account
        </SubmitButton>
      </Form>
      <OAuthButtons enabled={loaderData.providers} />
    </AuthCard>
  );
}
