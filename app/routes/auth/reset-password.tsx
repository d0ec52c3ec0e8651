import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { Field, FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { privateFormHeaders } from "~/infra/http-policy";
import { formErrorOf } from "~/lib/form-reply";
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

export { action, loader } from "./reset-password.server";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  return (
    <AuthCard
      title="Choose a New Password"
      subtitle={
        loaderData.needsCurrent
          ? "Enter your current password, then choose and confirm a new one."
          : "Enter and confirm your new password."
      }
    >
      <Form method="post" noValidate className="space-y-5">
        <Field
          label="Email"
          name="username"
          autoComplete="username"
          readOnly
          value={loaderData.email}
        />
        <NewPasswordFields
          result={result}
          label="New Password"
          withCurrent={loaderData.needsCurrent}
        />
        <FormError message={formErrorOf(actionData)} />
        <SubmitButton pendingLabel="Saving..." className="w-full">
          Update Password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
