import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { useT } from "~/i18n/use-t";

/**
 * Where an accepted quote led, on its admin page: the deposit invoice it opened, its project,
 * and the client's next invoice to draft (the rest of the quote is billed by hand).
 */
export function AcceptedQuoteLinks({
  organisationId,
  projectId,
  invoices,
}: {
  organisationId: string;
  projectId: number | null;
  invoices: { id: number; number: string; total: string; due: string; href: string }[];
}) {
  const t = useT();
  return (
    <section aria-labelledby="quote-follow-up" className="mt-6 rounded-lg bg-emerald-50 p-4">
      <h2 id="quote-follow-up" className="mb-2 text-xl font-bold text-slate-900">
        {t("quotes.admin.followUp")}
      </h2>
      <ul className="space-y-2">
        {invoices.map((invoice) => (
          <li key={invoice.id} data-deposit-invoice={invoice.number}>
            {t("quotes.client.depositInvoice", {
              number: invoice.number,
              total: invoice.total,
              due: invoice.due,
            })}{" "}
            <Link to={invoice.href} className={linkClass}>
              {t("quotes.admin.toInvoice")}
            </Link>
          </li>
        ))}
        {projectId ? (
          <li>
            <Link
              to={`/admin/clients/${organisationId}/projects/${projectId}`}
              className={linkClass}
            >
              {t("quotes.admin.toProject")}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to={`/admin/clients/${organisationId}/invoices/new`} className={linkClass}>
            {t("quotes.admin.billRest")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
