import { Form } from "react-router";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { URL_MAX_LENGTH } from "~/domain/accounts/limits";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/profile";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "My Profile",
    description: "Your name and avatar.",
    path: "/profile",
    noindex: true,
  });
}

export { action, loader } from "./profile.server";

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  return (
    <>
      <PageHeading title="My Profile" subtitle="Keep your name and avatar up to date." />
      <Toasts toasts={[actionData?.toast]} />
      <section className="mx-auto max-w-xl px-4 py-12">
        <Form
          method="post"
          noValidate
          className="space-y-5 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8"
        >
          <Field label="Email" type="email" readOnly value={loaderData.email} />
          <Field
            label="Full Name"
            name="fullName"
            autoComplete="name"
            defaultValue={typedValue(result, "fullName") ?? loaderData.fullName}
            errors={fieldErrors(result, "fullName")}
          />
          <Field
            label="Avatar URL"
            name="avatarUrl"
            type="url"
            inputMode="url"
            maxLength={URL_MAX_LENGTH}
            placeholder="https://example.com/me.jpg"
            hint="A link to a square image (http:// or https://), or leave it empty."
            defaultValue={typedValue(result, "avatarUrl") ?? loaderData.avatarUrl}
            errors={fieldErrors(result, "avatarUrl")}
          />
          <SubmitButton pendingLabel="Saving..." className="w-full sm:w-auto">
            Save Changes
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
