import { PayOutcome } from "~/components/billing/pay-outcome";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/payment";

export const headers: Route.HeadersFunction = privateFormHeaders;

/**
 * Seconds before the page loads again while the prompt waits, once the payer chose "Check
 * automatically" (without JavaScript; with it the page revalidates itself).
 */
const REFRESH_SECONDS = 5;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  const page = pageMeta(matches, {
    title: t("clientInvoices.payment.title"),
    description: t("clientInvoices.payment.description"),
    path: "/organisations",
    noindex: true,
  });
  return loaderData?.auto
    ? [...page, { httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
    : page;
};

export { loader } from "./payment.server";

/** The waiting page of an M-Pesa Express request, then its outcome. */
export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { organisation, push, invoice, waiting, auto, retry } = loaderData;
  const t = useT();
  const base = `/organisations/${organisation.id}`;
  return (
    <>
      <PageHeading title={t("clientInvoices.payment.title")} subtitle={organisation.name} />
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <PayOutcome
          shown={push.shown}
          amountCents={push.amountCents}
          phone={push.phone}
          receipt={push.receipt}
          invoiceNumber={invoice.number}
          balanceCents={invoice.balanceCents}
          waiting={waiting}
          auto={auto}
          retry={retry}
          here={t.path(`${base}/payments/${push.id}`)}
          invoiceHref={t.path(`${base}/invoices/${invoice.id}`)}
        />
      </div>
    </>
  );
}
