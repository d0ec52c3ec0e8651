import { Form, Link } from "react-router";
import { AuthCard, linkClass, linkTo } from "~/components/auth/auth-card";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { PasswordField } from "~/components/auth/password-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("auth.signInTitle"),
    description: t("meta.loginDescription"),
    path: "/login",
  });
}

export { action, loader } from "./login.server";

export default function Login({ loaderData, actionData: reply }: Route.ComponentProps) {
  const result = reply?.result;
  const t = useT();
  return (
    <AuthCard
      title={t("auth.loginTitle")}
      subtitle={t("auth.loginSubtitle")}
      footer={t.rich("auth.noAccount", { link: linkTo(t.path("/signup")) })}
    >
      <Form method="post" className="space-y-5">
        <ErrorSummary answer={reply} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label={t("common.emailAddress")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typedValue(result, "email") ?? (loaderData.email || undefined)}
          errors={fieldErrors(result, "email")}
        />
        <PasswordField
          label={t("common.password")}
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
            {t("auth.rememberMe")}
          </label>
          <Link to={t.path("/forgot-password")} className={linkClass}>
            {t("auth.forgotLink")}
          </Link>
        </div>
        <SubmitButton pendingLabel={t("auth.signingIn")} className="w-full">
          {t("auth.signInTitle")}
        </SubmitButton>
      </Form>
      {reply?.unconfirmedEmail ? (
        <ResendConfirmation email={reply.unconfirmedEmail} error={reply.resendError} />
      ) : null}
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

/**
 * Offered under "Email not confirmed": a new confirmation mail, without JS too. When none could
 * be sent, the box stays with the reason (how long to wait).
 */
function ResendConfirmation({ email, error }: { email: string; error?: string }) {
  const t = useT();
  return (
    <Form method="post" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="text-amber-950">{t("auth.unconfirmed")}</p>
      {error ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <SubmitButton pendingLabel={t("common.sending")} className="mt-3">
        {t("auth.resend")}
      </SubmitButton>
    </Form>
  );
}
