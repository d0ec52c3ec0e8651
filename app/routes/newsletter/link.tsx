import { NewsletterLinkPage } from "~/components/blog/newsletter-link-page";
import { privateFormHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/link";

export const headers: Route.HeadersFunction = privateFormHeaders;

/** What each of the two link pages says (/newsletter/confirm, /newsletter/unsubscribe). */
const PAGES = {
  confirm: {
    title: "Confirm your subscription",
    question: "Subscribe {email} to our monthly newsletter?",
    button: "Confirm subscription",
    pending: "Confirming...",
  },
  unsubscribe: {
    title: "Unsubscribe",
    question: "Stop sending our newsletter to {email}?",
    button: "Unsubscribe",
    pending: "Unsubscribing...",
  },
} as const;

const purposeOf = (path: string) => (path.endsWith("/unsubscribe") ? "unsubscribe" : "confirm");

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const purpose = purposeOf(location.pathname);
  return pageMeta(matches, {
    title: PAGES[purpose].title,
    description: "Newsletter subscription.",
    path: `/newsletter/${purpose}`,
    noindex: true,
  });
};

export { action, loader } from "./link.server";

export default function NewsletterLink({ loaderData, actionData, matches }: Route.ComponentProps) {
  const purpose = purposeOf(matches.at(-1)?.pathname ?? "");
  return (
    <NewsletterLinkPage
      {...PAGES[purpose]}
      page={loaderData}
      reply={actionData as FormReply | undefined}
      intent={purpose}
    />
  );
}
