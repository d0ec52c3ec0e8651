import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { privateFormHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Confirm your subscription",
    description: "Newsletter subscription.",
    path: "/newsletter/confirm",
    noindex: true,
  });

export { action, loader } from "./confirm.server";

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      page={loaderData}
      reply={actionData as FormReply | undefined}
      question="Subscribe {email} to our monthly newsletter?"
      button="Confirm subscription"
      pending="Confirming..."
      intent="confirm"
    />
  );
}
