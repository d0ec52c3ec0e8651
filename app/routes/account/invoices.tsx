import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoiceList } from "~/components/billing/client-invoice-list";
import { PageHeading } from "~/components/page-heading";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoices";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("clientInvoices.heading"),
    description: t("clientInvoices.description"),
    path: "/organisations",
    noindex: true,
  });
};

export { loader } from "./invoices.server";

/** A client organisation's invoices for its people. */
export default function ClientInvoices({ loaderData }: Route.ComponentProps) {
  const { organisation, invoices, error } = loaderData;
  const t = useT();
  const base = `/organisations/${organisation.id}`;
  return (
    <>
      <PageHeading title={t("clientInvoices.heading")} subtitle={organisation.name} />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <p className="mb-8">
          <Link to={t.path(base)} className={linkClass}>
            {t("clientInvoices.backTo", { name: organisation.name })}
          </Link>
        </p>
        {error ? <LoadError message={error} /> : null}
        {invoices ? (
          <ClientInvoiceList
            name={organisation.name}
            invoices={invoices}
            hrefOf={(id) => t.path(`${base}/invoices/${id}`)}
          />
        ) : null}
      </div>
    </>
  );
}
