import { Link } from "react-router";
import { linkClass, secondaryButton } from "~/components/admin/admin-page";
import { ClientInvoiceDocument } from "~/components/billing/client-invoice-document";
import { PayForm } from "~/components/billing/pay-form";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoice";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.invoice.number ?? t("clientInvoices.heading"),
    description: t("clientInvoices.description"),
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./invoice.server";

/** One invoice for the client's people: the document, its PDF, and paying it by M-Pesa. */
export default function ClientInvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, invoice, document, pay } = loaderData;
  const t = useT();
  const base = `/organisations/${organisation.id}/invoices`;
  const here = t.path(`${base}/${invoice.id}`);
  return (
    <>
      <PageHeading title={invoice.number} subtitle={organisation.name} />
      <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
        <p className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <Link to={t.path(base)} className={linkClass}>
            {t("clientInvoices.back")}
          </Link>
          <a href={`${here}/pdf`} download className={secondaryButton}>
            {t("clientInvoices.downloadPdf")}
          </a>
        </p>
        <ClientInvoiceDocument doc={document} />
        {pay ? <PayForm action={here} pay={pay} answer={actionData} /> : null}
      </div>
    </>
  );
}
