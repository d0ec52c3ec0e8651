import { Link } from "react-router";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
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
    <>
      <PageHeading title={t("newsletter.title")} />
      <div className="mx-auto max-w-xl space-y-8 px-4 py-14 sm:px-6">
        <NewsletterBox reply={actionData as FormReply | undefined} />
        <p className="text-center">
          <Link to={t.path("/blog")} className="font-semibold text-brand-700 hover:text-brand-800">
            {t("blog.backToBlog")}
          </Link>
        </p>
      </div>
    </>
  );
}
