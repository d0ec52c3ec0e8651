import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { PasswordField } from "~/components/auth/password-field";
import { Field, FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { PASSWORD_MIN_LENGTH } from "~/domain/accounts/limits";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, formErrorOf } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("auth.resetTitle"),
    description: t("meta.resetDescription"),
    path: "/reset-password",
    noindex: true,
  });
}

export { action, loader } from "./reset-password.server";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const t = useT();
  return (
    <AuthCard
      title={t("auth.resetTitle")}
      subtitle={t(loaderData.needsCurrent ? "auth.resetSubtitleCurrent" : "auth.resetSubtitle")}
    >
      <Form method="post" noValidate className="space-y-5">
        <Field
          label={t("common.email")}
          name="username"
          autoComplete="username"
          readOnly
          value={loaderData.email}
        />
        {loaderData.needsCurrent ? (
          <PasswordField
            label={t("auth.currentPassword")}
            name="currentPassword"
            autoComplete="current-password"
            required
            errors={fieldErrors(result, "currentPassword")}
          />
        ) : null}
        <PasswordField
          label={t("auth.newPassword")}
          name="password"
          autoComplete="new-password"
          required
          toggle
          hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          errors={fieldErrors(result, "password")}
        />
        <PasswordField
          label={t("common.confirmPassword")}
          name="confirmPassword"
          autoComplete="new-password"
          required
          errors={fieldErrors(result, "confirmPassword")}
        />
        <FormError message={formErrorOf(actionData)} />
        <SubmitButton pendingLabel={t("common.saving")} className="w-full">
          {t("auth.updatePassword")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
