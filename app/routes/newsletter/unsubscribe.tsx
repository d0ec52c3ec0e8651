import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { privateFormHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Unsubscribe",
    description: "Newsletter subscription.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });

export { action, loader } from "./unsubscribe.server";

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title="Unsubscribe"
      page={loaderData}
      reply={actionData as FormReply | undefined}
      question="Stop sending our newsletter to {email}?"
      button="Unsubscribe"
      pending="Unsubscribing..."
      intent="unsubscribe"
    />
  );
}
