import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import {
  InvoiceAgeing,
  InvoiceFilters,
  InvoiceTable,
} from "~/components/billing/admin-invoice-list";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoices";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminBilling.list.title"),
    description: t("adminBilling.list.description"),
    path: "/admin/invoices",
    noindex: true,
  });
};

export { loader } from "./invoices.server";

/** The agency's invoices: filters, what is outstanding and for how long, the accountant's CSV. */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { filters, ignored, csvHref, rows, outstanding, ageing, clients, years } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("adminBilling.list.title")} subtitle={t("adminBilling.list.description")}>
      <InvoiceAgeing outstanding={outstanding} ageing={ageing} />
      <InvoiceFilters filters={filters} clients={clients} years={years} />
      {ignored ? (
        <p role="status" className="mb-4 text-sm text-amber-800">
          {t("adminBilling.list.filterInvalid")}
        </p>
      ) : null}
      {clients.length > 0 ? (
        // A draft for one of the clients the viewer may bill (all for admins; for staff, theirs).
        <details className="mb-6">
          <summary className="cursor-pointer font-semibold text-brand-700">
            {t("adminBilling.list.newInvoice")}
          </summary>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {clients.map((client) => (
              <li key={client.id}>
                <Link to={`/admin/clients/${client.id}/invoices/new`} className={linkClass}>
                  {t("adminBilling.list.newInvoiceFor", { name: client.name })}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="mb-4">
        <a href={csvHref} className={linkClass} download>
          {t("adminBilling.list.csv")}
        </a>
      </p>
      <InvoiceTable rows={rows} />
    </AdminPage>
  );
}
