import { Link } from "react-router";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { PageHeading } from "~/components/page-heading";
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
    <>
      <PageHeading title="Newsletter" />
      <div className="mx-auto max-w-xl space-y-8 px-4 py-14 sm:px-6">
        <NewsletterBox reply={actionData as FormReply | undefined} />
        <p className="text-center">
          <Link to="/blog" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Blog
          </Link>
        </p>
      </div>
    </>
  );
}
