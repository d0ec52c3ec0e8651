import { Form, Link } from "react-router";
import { AuthCard, linkClass } from "~/components/auth/auth-card";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { PasswordField } from "~/components/auth/password-field";
import { Field, FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";
import type { LoginReply } from "./login.server";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Sign In",
    description: "Sign in to your account to see your dashboard, profile and portfolio.",
    path: "/login",
  });
}

export { action, loader } from "./login.server";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as LoginReply | undefined;
  const result = reply?.result;
  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to your account to continue"
      footer={
        <>
          Don't have an account?{" "}
          <Link to="/signup" className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-5">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typedValue(result, "email")}
          errors={fieldErrors(result, "email")}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          toggle
          errors={fieldErrors(result, "password")}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name="remember"
              defaultChecked={typedValue(result, "remember") === "on"}
              className="h-4 w-4 rounded border-slate-400 accent-brand-700"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        </div>
        <FormError message={reply?.formError} />
        <SubmitButton pendingLabel="Signing in..." className="w-full">
          Sign In
        </SubmitButton>
      </Form>
      {reply?.unconfirmedEmail ? <ResendConfirmation email={reply.unconfirmedEmail} /> : null}
      {reply?.notice ? (
        <p
          role="status"
          className="mt-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {reply.notice}
        </p>
      ) : null}
      <OAuthButtons enabled={loaderData.providers} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}

/** Offered under "Email not confirmed": a new confirmation mail, without JS too. */
function ResendConfirmation({ email }: { email: string }) {
  return (
    <Form method="post" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="text-amber-950">
        Your email address is not confirmed yet. We can send the confirmation link again.
      </p>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <SubmitButton pendingLabel="Sending..." className="mt-3">
        Resend confirmation email
      </SubmitButton>
    </Form>
  );
}
