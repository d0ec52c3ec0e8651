import { Form, Link } from "react-router";
import { AuthCard, linkClass } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { TermsCheckbox } from "~/components/auth/terms-checkbox";
import { Field, FormError } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";
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

export { action, loader } from "./signup.server";

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const field = (name: string) => ({
    name,
    defaultValue: typedValue(result, name),
    errors: fieldErrors(result, name),
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
        <NewPasswordFields result={result} />
        <TermsCheckbox
          defaultChecked={typedValue(result, "terms") === "on"}
          errors={fieldErrors(result, "terms")}
        />
        <FormError message={formErrorOf(actionData)} />
        <SubmitButton pendingLabel="Creating account..." className="w-full">
          Create Account
        </SubmitButton>
      </Form>
      <OAuthButtons enabled={loaderData.providers} />
    </AuthCard>
  );
}
