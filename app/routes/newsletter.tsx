import { data, Link } from "react-router";
import { NewsletterBox, type NewsletterResult } from "~/components/blog/newsletter-box";
import { PageHeading } from "~/components/page-heading";
import { readCheckedForm } from "~/lib/action-errors.server";
import { getSupabase } from "~/lib/auth.server";
import { PRIVATE_NO_STORE, privateFormHeaders } from "~/lib/cache-control";
import { checkHoneypot, parseForm } from "~/lib/forms.server";
import { subscribeToNewsletter } from "~/lib/newsletter.server";
import { NEWSLETTER_MESSAGES, newsletterSchema } from "~/lib/newsletter-schema.server";
import {
  clientIp,
  consumeRateLimit,
  rateLimitMessage,
  tooManyRequests,
} from "~/lib/rate-limit.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * A plain page with the sign-up box. Visitors without JS land here after posting the box on /blog
 * (a loader redirect would also swallow the action's answer: React Router runs loaders after a
 * document POST).
 */
export function loader() {
  return null;
}

function answer(result: NewsletterResult, status = 200) {
  return data(result, { status, headers: noStore });
}

/** Posted by the blog's newsletter box (a fetcher with JS, a document POST without). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readCheckedForm(request, checkHoneypot);
  if (form.rejected) {
    return answer({ status: "invalid", message: form.rejected.data.formError }, 400);
  }
  const submission = parseForm(form.formData, newsletterSchema);
  const typed = form.formData.get("email");
  const email = typeof typed === "string" ? typed.slice(0, 254) : "";
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? "Please enter a valid email address";
    return answer({ status: "invalid", message, email }, 400);
  }
  const wait = await consumeRateLimit("newsletter", [clientIp(request)]);
  if (wait) {
    return tooManyRequests<NewsletterResult>(
      { status: "error", message: rateLimitMessage(wait), email },
      wait,
    );
  }
  const result = await subscribeToNewsletter(getSupabase(context), submission.value.email);
  if (result.status === "error") {
    return answer({ status: "error", message: result.message, email }, 503);
  }
  return answer({ status: result.status, message: NEWSLETTER_MESSAGES[result.status] });
}

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
        <NewsletterBox result={actionData} />
        <p className="text-center">
          <Link to="/blog" className="font-semibold text-brand-700 hover:text-brand-800">
            Back to Blog
          </Link>
        </p>
      </div>
    </>
  );
}
