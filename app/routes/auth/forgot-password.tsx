import { Form } from "react-router";
import { AuthCard, linkTo } from "~/components/auth/auth-card";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("meta.forgotTitle"),
    description: t("meta.forgotDescription"),
    path: "/forgot-password",
  });
}

export { action, loader } from "./forgot-password.server";

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const sent = actionData?.notice;
  const t = useT();
  return (
    <AuthCard
      title={t("auth.forgotTitle")}
      subtitle={t("auth.forgotSubtitle")}
      footer={t.rich("auth.remembered", { link: linkTo(t.path("/login")) })}
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
        <ErrorSummary answer={actionData} />
        <HoneypotInputs />
        <Field
          label={t("common.emailAddress")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typedValue(result, "email")}
          errors={fieldErrors(result, "email")}
        />
        <SubmitButton pendingLabel={t("common.sending")} className="w-full">
          {t("auth.sendReset")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
