import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
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
        <ErrorSummary answer={actionData} />
        <Field
          label={t("common.email")}
          name="username"
          autoComplete="username"
          readOnly
          value={loaderData.email}
        />
        <NewPasswordFields
          result={result}
          label="auth.newPassword"
          withCurrent={loaderData.needsCurrent}
        />
        <SubmitButton pendingLabel={t("common.saving")} className="w-full">
          {t("auth.updatePassword")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
