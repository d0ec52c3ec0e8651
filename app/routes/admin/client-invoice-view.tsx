import { Link } from "react-router";
import { AdminPage, linkClass, secondaryButton } from "~/components/admin/admin-page";
import { ClientInvoiceDocument } from "~/components/billing/client-invoice-document";
import { ViewAsBanner, ViewAsOmitted } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-invoice-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.invoice.number ?? t("clientInvoices.heading"),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-invoice-view.server";

/**
 * One of a client's invoices as its members see it, for the agency: the document and its PDF;
 * where the members have the M-Pesa form, a note instead.
 */
export default function AdminClientInvoiceView({ loaderData }: Route.ComponentProps) {
  const { organisation, invoice, document, payable } = loaderData;
  const t = useT();
  const list = `/admin/clients/${organisation.id}/view/invoices`;
  return (
    <AdminPage title={invoice.number} subtitle={organisation.name}>
      <ViewAsBanner name={organisation.name} back={`/admin/invoices/${invoice.id}`} />
      <p className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <Link to={list} className={linkClass}>
          {t("clientInvoices.back")}
        </Link>
        <a href={`${list}/${invoice.id}/pdf`} download className={secondaryButton}>
          {t("clientInvoices.downloadPdf")}
        </a>
      </p>
      <ClientInvoiceDocument doc={document} />
      {payable ? <ViewAsOmitted text={t("viewAs.noPay")} /> : null}
    </AdminPage>
  );
}
