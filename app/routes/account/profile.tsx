import { Form } from "react-router";
import {
  ClientDetailsFields,
  DataDownload,
  DeleteAccountForm,
  NotificationsForm,
} from "~/components/account/profile-rights";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { URL_MAX_LENGTH } from "~/domain/accounts/limits";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { type FormReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/profile";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("account.profileTitle"),
    description: t("meta.profileDescription"),
    path: "/profile",
    noindex: true,
  });
}

export { action, loader } from "./profile.server";

export default function Profile({ loaderData, actionData: reply }: Route.ComponentProps) {
  const passwordReply = reply?.form === "password" ? reply : undefined;
  const notificationsReply = reply?.form === "notifications" ? reply : undefined;
  const deleteReply = reply?.form === "delete" ? reply : undefined;
  const profileReply = reply?.form ? undefined : reply;
  const result = profileReply?.result;
  const t = useT();
  return (
    <>
      <PageHeading title={t("account.profileTitle")} subtitle={t("account.profileSubtitle")} />
      <Toasts toasts={[reply?.toast]} />
      <section className="mx-auto max-w-xl px-4 py-12">
        <Form
          // Saved, the fields show what was stored (a phone as "0712 345 678"), also with JS.
          key={savedKey(loaderData)}
          method="post"
          noValidate
          className="space-y-5 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8"
        >
          <ErrorSummary answer={profileReply} />
          <Field label={t("common.email")} type="email" readOnly value={loaderData.email} />
          <Field
            label={t("common.fullName")}
            name="fullName"
            autoComplete="name"
            defaultValue={typedValue(result, "fullName") ?? loaderData.fullName}
            errors={fieldErrors(result, "fullName")}
          />
          <Field
            label={t("account.avatarUrl")}
            name="avatarUrl"
            type="url"
            inputMode="url"
            maxLength={URL_MAX_LENGTH}
            placeholder="https://example.com/me.jpg"
            hint={t("account.avatarHint")}
            defaultValue={typedValue(result, "avatarUrl") ?? loaderData.avatarUrl}
            errors={fieldErrors(result, "avatarUrl")}
          />
          <ClientDetailsFields saved={loaderData} result={result} />
          <SubmitButton pendingLabel={t("common.saving")} className="w-full sm:w-auto">
            {t("account.saveChanges")}
          </SubmitButton>
        </Form>
        <ChangePasswordForm email={loaderData.email} reply={passwordReply} />
        <NotificationsForm prefs={loaderData.notifications} reply={notificationsReply} />
        <DataDownload />
        <DeleteAccountForm reply={deleteReply} />
      </section>
    </>
  );
}

/** Changes whenever a saved profile value does: the form is made afresh with them. */
function savedKey(
  saved: Record<"fullName" | "avatarUrl" | "phone" | "companyName" | "kraPin", string>,
) {
  return [saved.fullName, saved.avatarUrl, saved.phone, saved.companyName, saved.kraPin].join("\n");
}

/** A signed-in change of password: the current one first (sent to /profile?intent=password). */
function ChangePasswordForm({ email, reply }: { email: string; reply?: FormReply }) {
  const result = reply?.result;
  const t = useT();
  const action = `${t.path("/profile")}?intent=password`;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      aria-labelledby="password-heading"
      className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="password-heading" className="text-xl font-bold text-slate-900">
        {t("account.changePasswordTitle")}
      </h2>
      <ErrorSummary answer={reply} />
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <NewPasswordFields
        result={result}
        label="auth.newPassword"
        confirmLabel="account.confirmNewPassword"
        withCurrent
      />
      <SubmitButton pendingLabel={t("common.saving")} action={action} className="w-full sm:w-auto">
        {t("account.changePassword")}
      </SubmitButton>
    </Form>
  );
}
