import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { errorsOf } from "~/components/auth/form-state";
import { PasswordField } from "~/components/auth/password-field";
import { PASSWORD_HINT } from "~/components/auth/rules";
import { Field, FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { resetPasswordAction, resetPasswordLoader } from "~/lib/account-password.server";
import { privateFormHeaders } from "~/lib/cache-control";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Choose a New Password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    noindex: true,
  });
}

export const loader = resetPasswordLoader;
export const action = resetPasswordAction;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  return (
    <AuthCard title="Choose a New Password" subtitle="Enter and confirm your new password.">
      <Form method="post" noValidate className="space-y-5">
        <Field
          label="Email"
          name="username"
          autoComplete="username"
          readOnly
          value={loaderData.email}
        />
        <PasswordField
          label="New Password"
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
        <FormError message={actionData?.formError} />
        <SubmitButton pendingLabel="Saving..." className="w-full">
          Update Password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
