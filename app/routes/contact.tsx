import { ContactDetails } from "~/components/contact/contact-details";
import { ContactPageForm } from "~/components/contact/contact-form";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export { action, loader } from "./contact.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("meta.contactTitle"),
    description: t("meta.contactDescription"),
    path: "/contact",
  });
};

export default function ContactRoute({ loaderData, actionData: reply }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading title={t("contact.title")} subtitle={t("contact.intro")} />
      <Toasts toasts={[reply?.toast]} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-slate-900">
            {t("contact.formHeading")}
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
