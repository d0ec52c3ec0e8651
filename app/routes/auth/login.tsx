import { data, Form, Link, redirect } from "react-router";
import { AuthCard, linkClass } from "~/components/auth/auth-card";
import { errorsOf, typedValue } from "~/components/auth/form-state";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { PasswordField } from "~/components/auth/password-field";
import { Field, FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { enabledOAuthProviders } from "~/lib/account-auth.server";
import { loginAction } from "~/lib/account-login.server";
import { getAuthUser } from "~/lib/auth.server";
import { privateFormHeaders } from "~/lib/cache-control";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Sign In",
    description: "Sign in to your account to see your dashboard, profile and portfolio.",
    path: "/login",
  });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  if (await getAuthUser(context)) throw redirect("/");
  return data(
    {
      providers: enabledOAuthProviders(),
      redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = loginAction;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
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
          errors={errorsOf(result, "email")}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          toggle
          errors={errorsOf(result, "password")}
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
        <FormError message={actionData?.formError} />
        <SubmitButton pendingLabel="Signing in..." className="w-full">
          Sign In
        </SubmitButton>
      </Form>
      <OAuthButtons enabled={loaderData.providers} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
