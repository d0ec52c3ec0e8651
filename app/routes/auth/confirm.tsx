import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { FormError } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { privateFormHeaders } from "~/infra/http-policy";
import { type FormReply, formErrorOf } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";
import type { ConfirmLink } from "./confirm.server";

/** Personal page: never cached; a rate-limited answer's Retry-After is passed on. */
export const headers: Route.HeadersFunction = privateFormHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Continue",
    description: "Confirm that you want to continue with the link from your email.",
    path: "/auth/confirm",
    noindex: true,
  });
}

export { action, loader } from "./confirm.server";

const COPY: Record<ConfirmLink["type"], { title: string; subtitle: string; button: string }> = {
  signup: {
    title: "Confirm your email",
    subtitle: "One more step: confirm the address and we will sign you in.",
    button: "Confirm and continue",
  },
  invite: {
    title: "Accept your invitation",
    subtitle: "Continue to finish setting up your account.",
    button: "Accept and continue",
  },
  recovery: {
    title: "Reset your password",
    subtitle: "Continue to choose a new password for your account.",
    button: "Continue to choose a password",
  },
  email_change: {
    title: "Confirm your new email",
    subtitle: "Continue to confirm the new address of your account.",
    button: "Confirm new email",
  },
};

/**
 * The page an e-mail link opens: it shows whose link it is and signs in only when the visitor
 * presses the button (a POST), so a link planted on another site cannot sign anyone in.
 */
export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const copy = COPY[link.type];
  return (
    <AuthCard title={copy.title} subtitle={copy.subtitle}>
      <Form method="post" className="space-y-5">
        <input type="hidden" name="token_hash" value={link.tokenHash} />
        <input type="hidden" name="type" value={link.type} />
        <input type="hidden" name="next" value={link.next} />
        {link.email ? <input type="hidden" name="email" value={link.email} /> : null}
        {link.email ? (
          <p className="text-slate-700">
            Continue as <strong className="break-all text-slate-900">{link.email}</strong>
          </p>
        ) : null}
        <FormError message={formErrorOf(actionData as FormReply | undefined)} />
        <SubmitButton pendingLabel="Checking..." className="w-full">
          {copy.button}
        </SubmitButton>
        <p className="text-sm text-slate-600">
          Did not ask for this? Close this page: nothing happens until you press the button.
        </p>
      </Form>
    </AuthCard>
  );
}
