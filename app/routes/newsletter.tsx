import { NewsletterBox } from "~/components/blog/newsletter-box";
import { NewsletterFrame } from "~/components/blog/newsletter-link-page";
import { privateFormHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export { action, loader } from "./newsletter.server";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Newsletter",
    description: "Subscribe to our monthly newsletter.",
    path: "/newsletter",
    noindex: true,
  });

/** The sign-up page, and the result page a visitor without JS sees after subscribing. */
export default function NewsletterRoute({ actionData }: Route.ComponentProps) {
  return (
    <NewsletterFrame title="Newsletter">
      <NewsletterBox reply={actionData as FormReply | undefined} />
    </NewsletterFrame>
  );
}
