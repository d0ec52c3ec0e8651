import { Form } from "react-router";
import { AuthCard, linkTo } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { TermsCheckbox } from "~/components/auth/terms-checkbox";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { HoneypotInputs } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/signup";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("auth.signupTitle"),
    description: t("meta.signupDescription"),
    path: "/signup",
  });
}

export { action, loader } from "./signup.server";

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const t = useT();
  const field = (name: string) => ({
    name,
    defaultValue: typedValue(result, name),
    errors: fieldErrors(result, name),
  });
  return (
    <AuthCard
      title={t("auth.signupTitle")}
      subtitle={t("auth.signupSubtitle")}
      footer={t.rich("auth.haveAccount", { link: linkTo(t.path("/login")) })}
    >
      {/* The server checks every field and answers with the messages under each one. */}
      <Form method="post" noValidate className="space-y-5">
        <ErrorSummary answer={actionData} />
        <HoneypotInputs />
        {loaderData.redirectTo ? (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t("auth.firstName")}
            autoComplete="given-name"
            required
            {...field("firstName")}
          />
          <Field
            label={t("auth.lastName")}
            autoComplete="family-name"
            required
            {...field("lastName")}
          />
        </div>
        <Field
          label={t("common.emailAddress")}
          type="email"
          autoComplete="email"
          required
          {...field("email")}
          defaultValue={typedValue(result, "email") ?? (loaderData.email || undefined)}
        />
        <NewPasswordFields result={result} />
        <TermsCheckbox
          defaultChecked={typedValue(result, "terms") === "on"}
          errors={fieldErrors(result, "terms")}
        />
        <SubmitButton pendingLabel={t("auth.creating")} className="w-full">
          {t("auth.create")}
        </SubmitButton>
      </Form>
      <OAuthButtons
        enabled={loaderData.providers}
        redirectTo={loaderData.redirectTo ?? undefined}
      />
    </AuthCard>
  );
}
