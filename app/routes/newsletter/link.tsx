import { NewsletterLinkPage } from "~/components/blog/newsletter-link-page";
import { translatorFrom } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/link";

export const headers: Route.HeadersFunction = privateFormHeaders;

const purposeOf = (path: string) => (path.endsWith("/unsubscribe") ? "unsubscribe" : "confirm");

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = translatorFrom(matches);
  const purpose = purposeOf(location.pathname);
  return pageMeta(matches, {
    title: t(`newsletterLink.${purpose}.title`),
    description: t("newsletterLink.description"),
    path: `/newsletter/${purpose}`,
    noindex: true,
  });
};

export { action, loader } from "./link.server";

/** The two link pages (/newsletter/confirm, /newsletter/unsubscribe), in the page's language. */
export default function NewsletterLink({ loaderData, actionData, matches }: Route.ComponentProps) {
  const purpose = purposeOf(matches.at(-1)?.pathname ?? "");
  return <NewsletterLinkPage purpose={purpose} page={loaderData} reply={actionData} />;
}
