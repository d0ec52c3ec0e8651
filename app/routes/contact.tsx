import { data } from "react-router";
import { ContactDetails } from "~/components/contact/contact-details";
import { type ContactActionData, ContactPageForm } from "~/components/contact/contact-form";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { topicMessage } from "~/content/chat-options";
import { readCheckedForm } from "~/lib/action-errors.server";
import { getAuthUser, getSupabase } from "~/lib/auth.server";
import { PRIVATE_NO_STORE, publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import { safeReturnPath, saveContactMessage } from "~/lib/contact.server";
import { CONTACT_SUCCESS_MESSAGE } from "~/lib/contact-limits";
import { contactSchema } from "~/lib/contact-schema.server";
import { checkHoneypot, parseForm } from "~/lib/forms.server";
import {
  clientIp,
  consumeRateLimit,
  rateLimitMessage,
  tooManyRequests,
} from "~/lib/rate-limit.server";
import { pageMeta } from "~/lib/seo";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/contact";

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

export function loader({ request, url }: Route.LoaderArgs) {
  return data(
    { defaultMessage: topicMessage(url.searchParams.get("topic")) },
    { headers: publicCacheHeaders(request) },
  );
}

/** Stores a contact message (also posted by the home page form, which sends `redirectTo`). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readCheckedForm(request, checkHoneypot);
  if (form.rejected) return form.rejected;
  const submission = parseForm(form.formData, contactSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: noStore });
  }
  const wait = await consumeRateLimit("contact", [clientIp(request)]);
  if (wait) {
    return tooManyRequests(
      { result: submission.reply({ formErrors: [rateLimitMessage(wait)] }) },
      wait,
    );
  }
  const { name, email, message, redirectTo } = submission.value;
  const user = await getAuthUser(context);
  const error = await saveContactMessage(getSupabase(context), {
    name,
    email,
    message,
    userId: user?.id ?? null,
  });
  if (error) {
    return data(
      {
        result: submission.reply({ formErrors: [error] }),
        toast: makeToast({ type: "error", title: error }),
      },
      { status: 503, headers: noStore },
    );
  }
  return redirectWithToast(safeReturnPath(redirectTo, "/contact"), {
    type: "success",
    title: CONTACT_SUCCESS_MESSAGE,
  });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact",
    description:
      "Tell us about your project: websites, mobile apps, software, hosting, bulk SMS, marketing, design or AI chatbots. We reply within 24 hours.",
    path: "/contact",
  });

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { result, formError, toast } = (actionData ?? {}) as ContactActionData;
  return (
    <>
      <PageHeading
        title="Contact Us"
        subtitle="Tell us about your project and we will get back to you within 24 hours."
      />
      <Toasts toasts={[toast]} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <ContactPageForm
            result={result}
            formError={formError}
            defaultMessage={loaderData.defaultMessage}
          />
        </section>
        <ContactDetails />
      </div>
    </>
  );
}
