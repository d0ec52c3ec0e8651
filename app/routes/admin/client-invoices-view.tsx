import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoiceList } from "~/components/billing/client-invoice-list";
import { ViewAsBanner } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-invoices-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("clientInvoices.heading"),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-invoices-view.server";

/** A client's invoices as its members see them, for the agency: read only. */
export default function AdminClientInvoicesView({ loaderData }: Route.ComponentProps) {
  const { organisation, invoices, error } = loaderData;
  const t = useT();
  const view = `/admin/clients/${organisation.id}/view`;
  return (
    <AdminPage title={t("clientInvoices.heading")} subtitle={organisation.name}>
      <ViewAsBanner name={organisation.name} back={`/admin/clients/${organisation.id}`} />
      <p className="mb-8">
        <Link to={view} className={linkClass}>
          {t("clientInvoices.backTo", { name: organisation.name })}
        </Link>
      </p>
      {error ? <LoadError message={error} /> : null}
      {invoices ? (
        <ClientInvoiceList
          name={organisation.name}
          invoices={invoices}
          hrefOf={(id) => `${view}/invoices/${id}`}
        />
      ) : null}
    </AdminPage>
  );
}
