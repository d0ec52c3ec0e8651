import { ContactDetails } from "~/components/contact/contact-details";
import { ContactPageForm } from "~/components/contact/contact-form";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { publicPageHeaders } from "~/infra/http-policy";
import type { FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export { action, loader } from "./contact.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact",
    description:
      "Tell us about your project: websites, mobile apps, software, hosting, bulk SMS, marketing, design or AI chatbots. We reply within 24 hours.",
    path: "/contact",
  });

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as FormReply | undefined;
  return (
    <>
      <PageHeading
        title="Contact Us"
        subtitle="Tell us about your project and we will get back to you within 24 hours."
      />
      <Toasts toasts={[reply?.toast]} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <ContactPageForm
            reply={reply}
            defaultMessage={loaderData.defaultMessage}
            defaultService={loaderData.defaultService}
          />
        </section>
        <ContactDetails />
      </div>
    </>
  );
}
