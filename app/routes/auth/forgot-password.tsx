import { Form, Link } from "react-router";
import { AuthCard, linkClass } from "~/components/auth/auth-card";
import { Field, FormError } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Forgot Password",
    description: "Get a link to choose a new password for your account.",
    path: "/forgot-password",
  });
}

export { action } from "./forgot-password.server";

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const sent = actionData?.notice;
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we will send you a link to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <p
          role="status"
          className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {sent}
        </p>
      ) : null}
      <Form method="post" className="space-y-5">
        <HoneypotInputs />
        <Field
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typedValue(result, "email")}
          errors={fieldErrors(result, "email")}
        />
        <FormError message={formErrorOf(actionData)} />
        <SubmitButton pendingLabel="Sending..." className="w-full">
          Send Reset Link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
