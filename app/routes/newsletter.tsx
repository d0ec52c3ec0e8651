import { NewsletterBox } from "~/components/blog/newsletter-box";
import { NewsletterFrame } from "~/components/blog/newsletter-link-page";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export { action, loader } from "./newsletter.server";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("newsletter.title"),
    description: t("meta.newsletterDescription"),
    path: "/newsletter",
    noindex: true,
  });
};

/** The sign-up page, and the result page a visitor without JS sees after subscribing. */
export default function NewsletterRoute({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <NewsletterFrame title={t("newsletter.title")}>
      <NewsletterBox reply={actionData} />
    </NewsletterFrame>
  );
}
